package dev.kafkaconnector.formats.cdc.debezium;

import static dev.kafkaconnector.formats.cdc.CdcTesting.decode;
import static dev.kafkaconnector.formats.cdc.CdcTesting.decoder;
import static dev.kafkaconnector.formats.cdc.CdcTesting.deeplyNested;
import static dev.kafkaconnector.formats.cdc.CdcTesting.failure;
import static dev.kafkaconnector.formats.cdc.CdcTesting.huge;
import static dev.kafkaconnector.formats.cdc.CdcTesting.products;
import static dev.kafkaconnector.formats.cdc.CdcTesting.skippedAndCounted;
import static dev.kafkaconnector.formats.cdc.CdcTesting.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.TestMetrics;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** The bad input list, with both policies (fail naming the field, or skip and count). */
class DebeziumJsonBadInputTest {
  static final String FORMAT = "debezium-json";
  static final Schema PRODUCTS = products(FieldType.DOUBLE);
  static final Map<String, String> IGNORE = Map.of("debezium-json.ignore-parse-errors", "true");

  static RowDecoder strict() {
    return decoder(FORMAT, PRODUCTS, Map.of(), FormatMetadata.ROW_KIND);
  }

  static RowDecoder lenient() {
    return decoder(FORMAT, PRODUCTS, IGNORE, FormatMetadata.ROW_KIND);
  }

  /** Asserts the failure names {@code field} and then that ignore-parse-errors skips and counts. */
  static FormatException rejected(String message, String field) throws FormatException {
    FormatException e = failure(strict(), message, FORMAT);
    assertEquals(field, e.field(), e.getMessage());
    skippedAndCounted(lenient(), utf8(message), FORMAT);
    return e;
  }

  @Test
  void unknownOpNamesTheFormatAndTheField() throws Exception {
    FormatException e = rejected("{\"before\":null,\"after\":{\"id\":1},\"op\":\"x\"}", "op");
    assertTrue(e.getMessage().contains("'x'"), e.getMessage());
    assertTrue(e.getMessage().startsWith("Format 'debezium-json' field 'op'"), e.getMessage());
  }

  @Test
  void malformedEnvelopes() throws Exception {
    assertEquals("op", rejected("{\"before\":null,\"after\":{\"id\":1}}", "op").field());
    rejected("{\"before\":null,\"after\":{\"id\":1},\"op\":5}", "op");
    rejected("{\"before\":null,\"after\":null,\"op\":\"c\"}", "after");
    rejected("{\"before\":null,\"op\":\"c\"}", "after");
    rejected("{\"before\":null,\"after\":\"scooter\",\"op\":\"c\"}", "after");
    rejected("{\"before\":null,\"after\":[1,2],\"op\":\"r\"}", "after");
    rejected("{\"before\":{\"id\":1},\"after\":null,\"op\":\"u\"}", "after");
    FormatException delete = rejected("{\"before\":null,\"after\":null,\"op\":\"d\"}", "before");
    assertTrue(delete.getMessage().contains("REPLICA IDENTITY FULL"), delete.getMessage());
  }

  @Test
  void wrongValueTypesNameTheColumn() throws Exception {
    String message = "{\"before\":null,\"after\":{\"id\":\"abc\",\"name\":\"n\"},\"op\":\"c\"}";
    assertEquals("after.id", failure(strict(), message, FORMAT).field());
    // ignored: the column becomes null (counted), the row is kept
    try (TestMetrics metrics = new TestMetrics()) {
      List<Row> rows = decode(lenient(), message);
      assertEquals(1, rows.size());
      assertNull(rows.get(0).getValue("id"));
      assertEquals("n", rows.get(0).getString("name"));
      assertEquals(1, metrics.ignored(FORMAT));
    }
    // a NOT NULL column cannot become null: the message is skipped instead
    Schema notNull = Schema.builder().addInt32Field("id").build();
    RowDecoder lenientNotNull = decoder(FORMAT, notNull, IGNORE);
    skippedAndCounted(lenientNotNull, utf8(message), FORMAT);
    assertEquals(
        "before.id",
        failure(strict(), "{\"before\":{\"id\":true},\"after\":{\"id\":1},\"op\":\"u\"}", FORMAT)
            .field());
  }

  @Test
  void badMetadataNamesItsField() throws Exception {
    String message = "{\"before\":null,\"after\":{\"id\":1},\"op\":\"c\",\"ts_ms\":\"soon\"}";
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of(), "ingestion-timestamp");
    assertEquals("ts_ms", failure(decoder, message, FORMAT).field());
    RowDecoder source = decoder(FORMAT, PRODUCTS, Map.of(), "source.timestamp");
    assertEquals(
        "source.ts_ms",
        failure(source, message.replace("\"ts_ms\":\"soon\"", "\"source\":{\"ts_ms\":[]}"), FORMAT)
            .field());
    try (TestMetrics metrics = new TestMetrics()) {
      Row row = decode(decoder(FORMAT, PRODUCTS, IGNORE, "ingestion-timestamp"), message).get(0);
      assertNull(row.getValue("ingestion-timestamp"));
      assertEquals(1, row.getInt32("id"));
      assertEquals(1, metrics.ignored(FORMAT));
    }
  }

  @Test
  void theWrongSchemaIncludeSettingIsExplained() throws Exception {
    String bare = "{\"before\":null,\"after\":{\"id\":1},\"op\":\"c\"}";
    String envelope = "{\"schema\":{\"type\":\"struct\"},\"payload\":" + bare + "}";
    FormatException tooPlain = failure(strict(), envelope, FORMAT);
    assertEquals("op", tooPlain.field());
    assertTrue(tooPlain.getMessage().contains("'debezium-json.schema-include' = 'true'"));
    RowDecoder withSchema =
        decoder(FORMAT, PRODUCTS, Map.of("debezium-json.schema-include", "true"));
    FormatException tooWrapped = failure(withSchema, bare, FORMAT);
    assertEquals("payload", tooWrapped.field());
    assertTrue(tooWrapped.getMessage().contains("'debezium-json.schema-include' = 'false'"));
    assertEquals("payload", failure(withSchema, "{\"payload\":7}", FORMAT).field());
    assertEquals("payload.op", failure(withSchema, "{\"payload\":{\"op\":\"?\"}}", FORMAT).field());
    assertEquals(
        "payload.after.id",
        failure(withSchema, envelope.replace("\"id\":1", "\"id\":{}"), FORMAT).field());
  }

  @Test
  void notJson() throws Exception {
    for (String message :
        List.of("{\"before\":null,\"after\":{", "[1,2]", "\"x\"", "42", "null", "  ", "{} {}")) {
      FormatException e = failure(strict(), message, FORMAT);
      assertNull(e.field(), e.getMessage());
      skippedAndCounted(lenient(), utf8(message), FORMAT);
    }
  }

  @Test
  void invalidUtf8AndEmptyMessages() throws Exception {
    byte[] invalid = {'{', '"', 'o', 'p', '"', ':', '"', (byte) 0xC3, 0x28, '"', '}'};
    assertTrue(failure(strict(), invalid, FORMAT).getMessage().contains("UTF-8"));
    skippedAndCounted(lenient(), invalid, FORMAT);
    byte[] empty = new byte[0];
    assertTrue(failure(strict(), empty, FORMAT).getMessage().contains("empty"));
    skippedAndCounted(lenient(), empty, FORMAT);
  }

  @Test
  void tombstonesAreSkippedByDesignAndCounted() throws Exception {
    try (TestMetrics metrics = new TestMetrics()) {
      assertEquals(List.of(), decode(strict(), (byte[]) null));
      assertEquals(List.of(), decode(lenient(), (byte[]) null));
      assertEquals(2, metrics.counter("debezium-json.tombstones-skipped"));
      assertEquals(0, metrics.ignored(FORMAT));
    }
  }

  @Test
  void deeplyNestedInputFailsCleanly() throws Exception {
    String inString = "{\"before\":null,\"after\":{\"name\":" + deeplyNested() + "},\"op\":\"c\"}";
    FormatException e = failure(strict(), inString, FORMAT);
    assertTrue(e.getMessage().contains("depth"), e.getMessage());
    skippedAndCounted(lenient(), utf8(inString), FORMAT);
    String inUnknown = "{\"other\":" + deeplyNested() + ",\"op\":\"c\"}";
    failure(strict(), inUnknown, FORMAT);
    failure(strict(), "[".repeat(100_000), FORMAT);
  }

  @Test
  void veryLargeMessageDecodes() throws Exception {
    String big = huge();
    Row row =
        decode(
                strict(),
                "{\"before\":null,\"after\":{\"id\":1,\"description\":\""
                    + big
                    + "\"},\"op\":\"c\"}")
            .get(0);
    assertEquals(big, row.getString("description"));
  }

  @Test
  void badOptionsFailAtConstructionNamingTheKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Formats.find(FORMAT, "format")
                    .createDecoder(
                        PRODUCTS,
                        FormatContext.of(Map.of("debezium-json.schema-include", "maybe"))));
    assertTrue(e.getMessage().contains("debezium-json.schema-include"), e.getMessage());
    IllegalArgumentException metadata =
        assertThrows(
            IllegalArgumentException.class, () -> decoder(FORMAT, PRODUCTS, Map.of(), "database"));
    assertTrue(metadata.getMessage().contains("source.database"), metadata.getMessage());
    Schema badKind = Schema.builder().addInt32Field("row-kind").build();
    IllegalArgumentException kind =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Formats.find(FORMAT, "format").createEncoder(badKind, FormatContext.of(Map.of())));
    assertTrue(kind.getMessage().contains("row-kind"), kind.getMessage());
  }

  @Test
  void anUnknownRowKindFailsTheEncoder() throws Exception {
    Schema schema =
        Schema.builder().addInt32Field("id").addNullableField("row-kind", FieldType.STRING).build();
    var encoder = Formats.find(FORMAT, "format").createEncoder(schema, FormatContext.of(Map.of()));
    FormatException e =
        assertThrows(
            FormatException.class,
            () -> encoder.encode(Row.withSchema(schema).addValues(1, "+X").build()));
    assertEquals("row-kind", e.field());
    assertTrue(e.getMessage().contains("'+X'"), e.getMessage());
    assertThrows(
        FormatException.class,
        () -> encoder.encode(Row.withSchema(schema).addValues(1, null).build()));
  }
}
