package dev.kafkaconnector.formats.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.util.SerializableUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ConfigOptionTest {

  enum Mode {
    EARLIEST_OFFSET("earliest-offset"),
    LATEST_OFFSET("latest-offset"),
    GROUP_OFFSETS("group-offsets");

    private final String text;

    Mode(String text) {
      this.text = text;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  private static final ConfigOption<Mode> MODE =
      ConfigOption.enumValue("scan.startup.mode", Mode.class, Mode.GROUP_OFFSETS, "mode");

  /** All messages of the exception and its causes. */
  private static String fullText(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      sb.append(c).append('\n');
    }
    return sb.toString();
  }

  // ---- enum ----

  @Test
  void enumParsesToStringForm() {
    assertEquals(Mode.EARLIEST_OFFSET, MODE.parse("earliest-offset"));
    assertEquals(Mode.LATEST_OFFSET, MODE.parse("latest-offset"));
    assertEquals(Mode.GROUP_OFFSETS, MODE.parse("group-offsets"));
  }

  @Test
  void enumIsCaseInsensitiveAndTrimmed() {
    assertEquals(Mode.EARLIEST_OFFSET, MODE.parse("EARLIEST-OFFSET"));
    assertEquals(Mode.EARLIEST_OFFSET, MODE.parse("Earliest-Offset"));
    assertEquals(Mode.LATEST_OFFSET, MODE.parse("  latest-offset "));
  }

  @Test
  void enumDoesNotAcceptConstantName() {
    // The written form is toString() (earliest-offset), not the Java name (EARLIEST_OFFSET).
    assertThrows(IllegalArgumentException.class, () -> MODE.parse("EARLIEST_OFFSET"));
  }

  @Test
  void enumErrorNamesKeyAndListsAllowedValues() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MODE.parse("earliest"));
    String m = e.getMessage();
    assertTrue(m.contains("'scan.startup.mode'"), m);
    assertTrue(m.contains("'earliest'"), m);
    assertTrue(m.contains("earliest-offset"), m);
    assertTrue(m.contains("latest-offset"), m);
    assertTrue(m.contains("group-offsets"), m);
  }

  @Test
  void enumDefault() {
    assertEquals(Optional.of(Mode.GROUP_OFFSETS), MODE.defaultValue());
    assertEquals(Optional.of("group-offsets"), MODE.defaultText());
    assertEquals("Enum", MODE.typeName());
    assertEquals(Mode.GROUP_OFFSETS, Configuration.of(Map.of()).get(MODE));
    assertEquals(
        Mode.LATEST_OFFSET,
        Configuration.of(Map.of("scan.startup.mode", "latest-offset")).get(MODE));
  }

  @Test
  void enumWithoutDefault() {
    ConfigOption<Mode> option = ConfigOption.enumValue("k", Mode.class, null, "d");
    assertEquals(Optional.empty(), option.defaultValue());
    assertEquals(Optional.empty(), option.defaultText());
    assertNull(Configuration.of(Map.of()).get(option));
  }

  // ---- boolean ----

  @ParameterizedTest
  @ValueSource(strings = {"true", "TRUE", "True", " true "})
  void booleanTrue(String text) {
    assertTrue(ConfigOption.bool("b", false, "d").parse(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"false", "FALSE", "False", " false"})
  void booleanFalse(String text) {
    assertFalse(ConfigOption.bool("b", true, "d").parse(text));
  }

  @ParameterizedTest
  @ValueSource(strings = {"yes", "no", "1", "0", "", "t", "truee"})
  void booleanRejectsOtherWords(String text) {
    ConfigOption<Boolean> option = ConfigOption.bool("scan.check.duplicated.group.id", false, "d");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> option.parse(text));
    assertTrue(e.getMessage().contains("'scan.check.duplicated.group.id'"), e.getMessage());
    assertTrue(e.getMessage().contains("Boolean"), e.getMessage());
    assertTrue(e.getMessage().contains("'" + text + "'"), e.getMessage());
  }

  @Test
  void booleanDefault() {
    ConfigOption<Boolean> option = ConfigOption.bool("b", true, "d");
    assertEquals(Optional.of(true), option.defaultValue());
    assertEquals(Optional.of("true"), option.defaultText());
    assertTrue(Configuration.of(Map.of()).get(option));
    assertFalse(Configuration.of(Map.of("b", "false")).get(option));
  }

  // ---- numbers, strings, durations ----

  @Test
  void longAndInt() {
    assertEquals(42L, ConfigOption.longValue("l", "d").parse(" 42 "));
    assertEquals(-7L, ConfigOption.longValue("l", "d").parse("-7"));
    assertEquals(3, ConfigOption.intValue("i", 1, "d").parse("3"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> ConfigOption.longValue("l.key", "d").parse("x"));
    assertTrue(e.getMessage().contains("'l.key'"), e.getMessage());
    assertTrue(e.getMessage().contains("Long"), e.getMessage());
  }

  @Test
  void intOutOfRangeIsIllegalArgument() {
    ConfigOption<Integer> option = ConfigOption.intValue("i.key", 1, "d");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> option.parse("3000000000"));
    assertTrue(e.getMessage().contains("'i.key'"), e.getMessage());
  }

  @Test
  void stringOptions() {
    ConfigOption<String> noDefault = ConfigOption.string("s", "d");
    ConfigOption<String> withDefault = ConfigOption.string("s2", "UTF-8", "d");
    assertEquals(" a b ", noDefault.parse(" a b "));
    assertEquals(Optional.empty(), noDefault.defaultValue());
    assertEquals(Optional.of("UTF-8"), withDefault.defaultValue());
    assertNull(Configuration.of(Map.of()).get(noDefault));
    assertEquals("UTF-8", Configuration.of(Map.of()).get(withDefault));
  }

  @Test
  void durationOption() {
    ConfigOption<Duration> option =
        ConfigOption.duration("scan.topic-partition-discovery.interval", "5 min", "d");
    assertEquals(Optional.of(Duration.ofMinutes(5)), option.defaultValue());
    assertEquals(Optional.of("5 min"), option.defaultText());
    assertEquals(Duration.ofSeconds(300), option.parse("300s"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> option.parse("5 fortnights"));
    assertTrue(
        e.getMessage().contains("'scan.topic-partition-discovery.interval'"), e.getMessage());
    assertTrue(e.getMessage().contains("Duration"), e.getMessage());
  }

  @Test
  void badDurationDefaultFailsAtDeclaration() {
    assertThrows(IllegalArgumentException.class, () -> ConfigOption.duration("k", "soon", "d"));
  }

  // ---- secret ----

  @Test
  void secretHidesValueInErrors() {
    ConfigOption<Boolean> option = ConfigOption.bool("some.password.flag", false, "d").secret();
    assertTrue(option.isSecret());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> option.parse("hunter2"));
    assertTrue(e.getMessage().contains("<hidden>"), e.getMessage());
    assertTrue(e.getMessage().contains("'some.password.flag'"), e.getMessage());
    assertFalse(fullText(e).contains("hunter2"), fullText(e));
  }

  @Test
  void secretLongHidesValueInErrors() {
    ConfigOption<Long> option = ConfigOption.longValue("pin", "d").secret();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> option.parse("s3cr3t-pin"));
    assertFalse(fullText(e).contains("s3cr3t-pin"), fullText(e));
  }

  @Test
  void secretEnumAndDurationHideValueInErrors() {
    ConfigOption<Mode> secretEnum = MODE.secret();
    IllegalArgumentException e1 =
        assertThrows(IllegalArgumentException.class, () -> secretEnum.parse("hunter2"));
    assertFalse(fullText(e1).contains("hunter2"), fullText(e1));

    ConfigOption<Duration> secretDuration = ConfigOption.duration("d", null, "d").secret();
    IllegalArgumentException e2 =
        assertThrows(IllegalArgumentException.class, () -> secretDuration.parse("hunter2"));
    assertFalse(fullText(e2).contains("hunter2"), fullText(e2));
  }

  @Test
  void nonSecretShowsValue() {
    ConfigOption<Boolean> option = ConfigOption.bool("flag", false, "d");
    assertFalse(option.isSecret());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> option.parse("maybe"));
    assertTrue(e.getMessage().contains("'maybe'"), e.getMessage());
  }

  @Test
  void withKeyKeepsEverythingElse() {
    ConfigOption<Boolean> original = ConfigOption.bool("json.x", true, "desc").secret();
    ConfigOption<Boolean> scoped = original.withKey("value.json.x");
    assertEquals("value.json.x", scoped.key());
    assertEquals("json.x", original.key());
    assertTrue(scoped.isSecret());
    assertEquals(Optional.of(true), scoped.defaultValue());
    assertEquals("desc", scoped.description());
    assertEquals("value.json.x", scoped.toString());
  }

  @Test
  void configurationToStringShowsKeysOnly() {
    Configuration conf = Configuration.of(Map.of("a.password", "hunter2", "b", "x"));
    assertFalse(conf.toString().contains("hunter2"), conf.toString());
    assertTrue(conf.toString().contains("a.password"), conf.toString());
  }

  @Test
  void configurationPrefixAndRaw() {
    Configuration conf =
        Configuration.of(Map.of("properties.a", "1", "properties.b.c", "2", "other", "3"));
    assertEquals(Map.of("a", "1", "b.c", "2"), conf.withPrefixStripped("properties."));
    assertEquals(Optional.of("3"), conf.raw("other"));
    assertEquals(Optional.empty(), conf.raw("missing"));
  }

  @Test
  void optionsAreSerializable() {
    ConfigOption<Mode> copy = SerializableUtils.clone(MODE);
    assertEquals(Mode.LATEST_OFFSET, copy.parse("latest-offset"));
    ConfigOption<Duration> d = SerializableUtils.clone(ConfigOption.duration("k", "1 s", "d"));
    assertEquals(Duration.ofMinutes(2), d.parse("2 min"));
  }
}
