package dev.kafkaconnector.io.source.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HeaderFilterTest {

  private static final String SPEC_EXAMPLE = "depart:toy|depart:book&!env:test";

  /** Headers from alternating key, value strings (value may be null). */
  private static Headers headers(String... keyValues) {
    RecordHeaders h = new RecordHeaders();
    for (int i = 0; i < keyValues.length; i += 2) {
      String v = keyValues[i + 1];
      h.add(keyValues[i], v == null ? null : v.getBytes(StandardCharsets.UTF_8));
    }
    return h;
  }

  // ---- the spec example ----

  @Test
  void specExample() {
    HeaderFilter f = HeaderFilter.parse(SPEC_EXAMPLE);
    assertTrue(f.test(headers("depart", "toy")));
    assertTrue(f.test(headers("depart", "book")));
    assertTrue(f.test(headers("depart", "book", "env", "prod")));
    assertTrue(f.test(headers("env", "prod", "depart", "toy")));
    assertFalse(f.test(headers("depart", "toy", "env", "test")));
    assertFalse(f.test(headers("depart", "book", "env", "test")));
    assertFalse(f.test(headers("depart", "food")));
    assertFalse(f.test(headers("env", "prod")));
    assertFalse(f.test(headers()));
    assertEquals(SPEC_EXAMPLE, f.toString());
  }

  // ---- strict left-to-right evaluation ----

  @Test
  void orThenAndIsLeftToRightNotPrecedence() {
    HeaderFilter f = HeaderFilter.parse("a:1|b:2&c:3");
    // a=1 only: ((a|b)&c) = false, but a|(b&c) would be true
    assertFalse(f.test(headers("a", "1")));
    assertTrue(f.test(headers("a", "1", "c", "3")));
    assertTrue(f.test(headers("b", "2", "c", "3")));
    assertFalse(f.test(headers("b", "2")));
    assertFalse(f.test(headers("c", "3")));
  }

  @Test
  void andThenOrIsLeftToRight() {
    HeaderFilter f = HeaderFilter.parse("a:1&b:2|c:3");
    // ((a&b)|c)
    assertTrue(f.test(headers("c", "3")));
    assertTrue(f.test(headers("a", "1", "b", "2")));
    assertFalse(f.test(headers("a", "1")));
  }

  @Test
  void longChainIsLeftToRight() {
    // (((a|b)&c)|d)&!e
    HeaderFilter f = HeaderFilter.parse("a:1|b:1&c:1|d:1&!e:1");
    assertTrue(f.test(headers("d", "1")));
    assertFalse(f.test(headers("d", "1", "e", "1")));
    assertFalse(f.test(headers("a", "1")));
    assertTrue(f.test(headers("b", "1", "c", "1")));
    // precedence (a | (b&c) | (d&!e)) would keep this one; left to right does not
    assertFalse(f.test(headers("a", "1", "e", "0")));
  }

  @Test
  void singleConditionAndChains() {
    assertTrue(HeaderFilter.parse("a:1").test(headers("a", "1")));
    assertFalse(HeaderFilter.parse("a:1").test(headers("a", "2")));
    assertTrue(HeaderFilter.parse("a:1&b:2&c:3").test(headers("c", "3", "b", "2", "a", "1")));
    assertFalse(HeaderFilter.parse("a:1&b:2&c:3").test(headers("a", "1", "b", "2")));
    assertTrue(HeaderFilter.parse("a:1|b:2|c:3").test(headers("c", "3")));
    assertFalse(HeaderFilter.parse("a:1|b:2|c:3").test(headers("d", "4")));
  }

  // ---- negation ----

  @Test
  void negation() {
    HeaderFilter f = HeaderFilter.parse("!env:test");
    assertTrue(f.test(headers()));
    assertTrue(f.test(headers("env", "prod")));
    assertFalse(f.test(headers("env", "test")));
  }

  @Test
  void negationAsFirstAndMiddleCondition() {
    HeaderFilter f = HeaderFilter.parse("!a:1&!b:1");
    assertTrue(f.test(headers()));
    assertFalse(f.test(headers("a", "1")));
    assertFalse(f.test(headers("b", "1")));
    assertTrue(HeaderFilter.parse("x:1|!a:1").test(headers("x", "0")));
  }

  // ---- header values ----

  @Test
  void keyOccurringSeveralTimesMatchesAnyValue() {
    HeaderFilter f = HeaderFilter.parse("depart:book");
    assertTrue(f.test(headers("depart", "toy", "depart", "book")));
    assertTrue(f.test(headers("depart", "book", "depart", "toy")));
    assertFalse(f.test(headers("depart", "toy", "depart", "food")));
    // negated: any occurrence of the value makes it false
    HeaderFilter not = HeaderFilter.parse("!env:test");
    assertFalse(not.test(headers("env", "prod", "env", "test")));
    assertTrue(not.test(headers("env", "prod", "env", "dev")));
  }

  @Test
  void headerWithNullValue() {
    Headers h = headers("env", null);
    assertFalse(HeaderFilter.parse("env:test").test(h));
    assertTrue(HeaderFilter.parse("!env:test").test(h));
    // a null value next to a matching one
    assertTrue(HeaderFilter.parse("env:test").test(headers("env", null, "env", "test")));
  }

  @Test
  void emptyValueMatchesEmptyHeaderValue() {
    HeaderFilter f = HeaderFilter.parse("flag:");
    assertTrue(f.test(headers("flag", "")));
    assertFalse(f.test(headers("flag", "x")));
  }

  @Test
  void valuesComparedAsUtf8() {
    HeaderFilter f = HeaderFilter.parse("city:Zürich|name:日本");
    RecordHeaders utf8 = new RecordHeaders();
    utf8.add("city", "Zürich".getBytes(StandardCharsets.UTF_8));
    assertTrue(f.test(utf8));
    RecordHeaders latin1 = new RecordHeaders();
    latin1.add("city", "Zürich".getBytes(StandardCharsets.ISO_8859_1));
    assertFalse(f.test(latin1));
    assertTrue(f.test(headers("name", "日本")));
  }

  @Test
  void comparisonIsExactAndCaseSensitive() {
    HeaderFilter f = HeaderFilter.parse("depart:toy");
    assertFalse(f.test(headers("depart", "Toy")));
    assertFalse(f.test(headers("Depart", "toy")));
    assertFalse(f.test(headers("depart", "toys")));
    assertFalse(f.test(headers("depart", "to")));
    assertFalse(f.test(headers("depart", " toy")));
  }

  @Test
  void valueMayContainColon() {
    HeaderFilter f = HeaderFilter.parse("url:http://x");
    assertTrue(f.test(headers("url", "http://x")));
  }

  // ---- whitespace ----

  @Test
  void whitespaceAroundTokensIsIgnored() {
    HeaderFilter spaced = HeaderFilter.parse("  depart : toy | depart:book &  ! env : test ");
    assertTrue(spaced.test(headers("depart", "toy")));
    assertTrue(spaced.test(headers("depart", "book")));
    assertFalse(spaced.test(headers("depart", "book", "env", "test")));
    assertFalse(spaced.test(headers("depart", " toy ")));
  }

  @Test
  void whitespaceInsideValueIsKept() {
    assertTrue(HeaderFilter.parse("name:a b").test(headers("name", "a b")));
    assertFalse(HeaderFilter.parse("name:a b").test(headers("name", "ab")));
  }

  // ---- errors ----

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "depart; 0",
        ":toy; 0",
        "a:1|; 4",
        "a:1||b:2; 4",
        "!; 0",
        "a!b:1; 0",
        "a:1&!; 4",
        "|a:1; 0",
        "a:1& ; 4",
        "a:1|!!b:2; 4",
      })
  void parseErrorsNameOptionAndPosition(String expression, int position) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> HeaderFilter.parse(expression));
    String m = e.getMessage();
    assertTrue(m.contains("'scan.header-filter'"), m);
    assertTrue(m.contains("position " + position), m);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " ", "\t"})
  void emptyExpressionFailsNamingOption(String expression) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> HeaderFilter.parse(expression));
    assertTrue(e.getMessage().contains("'scan.header-filter'"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"", " "})
  void emptyExpressionNamesPosition(String expression) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> HeaderFilter.parse(expression));
    assertTrue(e.getMessage().contains("position 0"), e.getMessage());
  }

  @Test
  void nullExpressionFails() {
    assertThrows(IllegalArgumentException.class, () -> HeaderFilter.parse(null));
  }

  @Test
  void errorMessagesSayWhatIsExpected() {
    String noColon =
        assertThrows(IllegalArgumentException.class, () -> HeaderFilter.parse("depart"))
            .getMessage();
    assertTrue(noColon.contains("':'"), noColon);
    assertTrue(noColon.contains("depart:toy|depart:book&!env:test"), noColon);
    String emptyKey =
        assertThrows(IllegalArgumentException.class, () -> HeaderFilter.parse(":toy")).getMessage();
    assertTrue(emptyKey.contains("empty header key"), emptyKey);
    String bang =
        assertThrows(IllegalArgumentException.class, () -> HeaderFilter.parse("a!b:1"))
            .getMessage();
    assertTrue(bang.contains("'!'"), bang);
  }

  // ---- serialization ----

  @Test
  void survivesSerialization() {
    HeaderFilter copy = SerializableUtils.clone(HeaderFilter.parse(SPEC_EXAMPLE));
    assertTrue(copy.test(headers("depart", "toy")));
    assertFalse(copy.test(headers("depart", "toy", "env", "test")));
    assertEquals(SPEC_EXAMPLE, copy.toString());
  }
}
