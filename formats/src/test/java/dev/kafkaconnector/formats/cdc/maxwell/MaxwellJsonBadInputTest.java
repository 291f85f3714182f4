package dev.kafkaconnector.formats.cdc.maxwell;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.TestMetrics;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** The bad input list, with both policies (fail naming the field, or skip and count). */
class MaxwellJsonBadInputTest {
  static final String FORMAT = "maxwell-json";
  static final Schema PRODUCTS = products(FieldType.DOUBLE);
  static final Map<String, String> IGNORE = Map.of("maxwell-json.ignore-parse-errors", "true");

  static RowDecoder strict() {
    return decoder(FORMAT, PRODUCTS, Map.of(), FormatMetadata.ROW_KIND);
  }

  static RowDecoder lenient() {
    return decoder(FORMAT, PRODUCTS, IGNORE, FormatMetadata.ROW_KIND);
  }

  static FormatException rejected(String message, String field) throws FormatException {
    FormatException e = failure(strict(), message, FORMAT);
    assertEquals(field, e.field(), e.getMessage());
    skippedAndCounted(lenient(), utf8(message), FORMAT);
    return e;
  }

  @Test
  void unknownTypeNamesTheFormatAndTheField() throws Exception {
    FormatException e = rejected("{\"type\":\"upsert\",\"data\":{\"id\":1}}", "type");
    assertTrue(e.getMessage().startsWith("Format 'maxwell-json' field 'type'"), e.getMessage());
    assertTrue(e.getMessage().contains("'upsert'"), e.getMessage());
    // case matters, as in Flink
    rejected("{\"type\":\"INSERT\",\"data\":{\"id\":1}}", "type");
  }

  @Test
  void malformedEnvelopes() throws Exception {
    rejected("{\"data\":{\"id\":1}}", "type");
    rejected("{\"type\":null,\"data\":{\"id\":1}}", "type");
    rejected("{\"type\":[\"insert\"],\"data\":{\"id\":1}}", "type");
    rejected("{\"type\":\"insert\"}", "data");
    rejected("{\"type\":\"delete\",\"data\":null}", "data");
    rejected("{\"type\":\"insert\",\"data\":[{\"id\":1}]}", "data");
    rejected("{\"type\":\"update\",\"data\":{\"id\":1},\"old\":[1]}", "old");
    // a bad old value names its column (ignored, it would be null: see below)
    assertEquals(
        "old.weight",
        failure(
                strict(),
                "{\"type\":\"update\",\"data\":{\"id\":1},\"old\":{\"weight\":\"x\"}}",
                FORMAT)
            .field());
  }

  @Test
  void wrongValueTypesNameTheColumn() throws Exception {
    String message = "{\"type\":\"insert\",\"data\":{\"id\":\"one\",\"name\":\"n\"}}";
    assertEquals("data.id", failure(strict(), message, FORMAT).field());
    try (TestMetrics metrics = new TestMetrics()) {
      Row row = decode(lenient(), message).get(0);
      assertNull(row.getValue("id"));
      assertEquals("n", row.getString("name"));
      assertEquals(1, metrics.ignored(FORMAT));
    }
    RowDecoder withTs = decoder(FORMAT, PRODUCTS, Map.of(), "ingestion-timestamp");
    assertEquals(
        "ts",
        failure(withTs, "{\"type\":\"insert\",\"data\":{\"id\":1},\"ts\":\"late\"}", FORMAT)
            .field());
  }

  @Test
  void notJson() throws Exception {
    for (String message : List.of("{\"type\":", "[{}]", "true", "{\"type\":\"insert\"} x")) {
      FormatException e = failure(strict(), message, FORMAT);
      assertNull(e.field(), e.getMessage());
      skippedAndCounted(lenient(), utf8(message), FORMAT);
    }
  }

  @Test
  void invalidUtf8EmptyAndNullMessages() throws Exception {
    byte[] invalid = {'{', '"', 't', '"', ':', '"', (byte) 0xC0, (byte) 0x80, '"', '}'};
    assertTrue(failure(strict(), invalid, FORMAT).getMessage().contains("UTF-8"));
    skippedAndCounted(lenient(), invalid, FORMAT);
    failure(strict(), new byte[0], FORMAT);
    skippedAndCounted(lenient(), new byte[0], FORMAT);
    FormatException tombstone = failure(strict(), (byte[]) null, FORMAT);
    assertTrue(tombstone.getMessage().contains("tombstone"), tombstone.getMessage());
    skippedAndCounted(lenient(), null, FORMAT);
  }

  @Test
  void deeplyNestedInputFailsCleanly() throws Exception {
    String nested = "{\"type\":\"insert\",\"data\":{\"name\":" + deeplyNested() + "}}";
    FormatException e = failure(strict(), nested, FORMAT);
    assertTrue(e.getMessage().contains("depth"), e.getMessage());
    skippedAndCounted(lenient(), utf8(nested), FORMAT);
  }

  @Test
  void veryLargeMessageDecodes() throws Exception {
    String big = huge();
    Row row =
        decode(strict(), "{\"type\":\"insert\",\"data\":{\"id\":1,\"name\":\"" + big + "\"}}")
            .get(0);
    assertEquals(big, row.getString("name"));
  }
}
