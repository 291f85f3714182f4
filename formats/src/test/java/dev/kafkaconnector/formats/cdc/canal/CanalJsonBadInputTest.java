package dev.kafkaconnector.formats.cdc.canal;

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
class CanalJsonBadInputTest {
  static final String FORMAT = "canal-json";
  static final Schema PRODUCTS = products(FieldType.DOUBLE);
  static final Map<String, String> IGNORE = Map.of("canal-json.ignore-parse-errors", "true");

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
    FormatException e = rejected("{\"data\":[{\"id\":\"1\"}],\"type\":\"UPSERT\"}", "type");
    assertTrue(e.getMessage().startsWith("Format 'canal-json' field 'type'"), e.getMessage());
    assertTrue(e.getMessage().contains("'UPSERT'"), e.getMessage());
    // ALTER without isDdl is not a known data change either (Flink skips only CREATE)
    rejected("{\"data\":null,\"type\":\"ALTER\"}", "type");
  }

  @Test
  void malformedEnvelopes() throws Exception {
    rejected("{\"data\":[{\"id\":\"1\"}]}", "type");
    rejected("{\"data\":[{\"id\":\"1\"}],\"type\":7}", "type");
    rejected("{\"data\":null,\"type\":\"INSERT\"}", "data");
    rejected("{\"type\":\"DELETE\"}", "data");
    rejected("{\"data\":{\"id\":\"1\"},\"type\":\"INSERT\"}", "data");
    rejected("{\"data\":[{\"id\":\"1\"},\"2\"],\"type\":\"INSERT\"}", "data[1]");
    rejected("{\"data\":[{\"id\":\"1\"},null],\"type\":\"UPDATE\"}", "data[1]");
    rejected("{\"data\":[{\"id\":\"1\"}],\"old\":{\"id\":\"2\"},\"type\":\"UPDATE\"}", "old");
    rejected("{\"data\":[{\"id\":\"1\"}],\"old\":[\"x\"],\"type\":\"UPDATE\"}", "old[0]");
    rejected("{\"data\":[{\"id\":\"1\"}],\"type\":\"INSERT\",\"isDdl\":\"no\"}", "isDdl");
  }

  @Test
  void aMessageIsAllOrNothing() throws Exception {
    // the second row fails: the first is not emitted
    String message = "{\"data\":[{\"id\":\"1\"},{\"id\":\"x\"}],\"type\":\"INSERT\"}";
    assertEquals("data[1].id", failure(strict(), message, FORMAT).field());
    assertEquals(
        "old[0].weight",
        failure(
                strict(),
                "{\"data\":[{\"id\":\"1\"}],\"old\":[{\"weight\":\"heavy\"}],\"type\":\"UPDATE\"}",
                FORMAT)
            .field());
    // ignored: the bad column is null (counted), both rows kept
    try (TestMetrics metrics = new TestMetrics()) {
      List<Row> rows = decode(lenient(), message);
      assertEquals(2, rows.size());
      assertNull(rows.get(1).getValue("id"));
      assertEquals(1, metrics.ignored(FORMAT));
    }
  }

  @Test
  void filtersNeedTheirField() throws Exception {
    RowDecoder filtered =
        decoder(FORMAT, PRODUCTS, Map.of("canal-json.database.include", "inventory"));
    FormatException e =
        failure(filtered, "{\"data\":[{\"id\":\"1\"}],\"type\":\"INSERT\"}", FORMAT);
    assertEquals("database", e.field());
    assertTrue(e.getMessage().contains("canal-json.database.include"), e.getMessage());
    RowDecoder byTable = decoder(FORMAT, PRODUCTS, Map.of("canal-json.table.include", "t"));
    assertEquals(
        "table", failure(byTable, "{\"data\":[],\"table\":1,\"type\":\"INSERT\"}", FORMAT).field());
  }

  @Test
  void badMetadataNamesItsField() throws Exception {
    String message = "{\"data\":[{\"id\":\"1\"}],\"type\":\"INSERT\",\"sqlType\":{\"id\":\"int\"}}";
    assertEquals(
        "sqlType[id]",
        failure(decoder(FORMAT, PRODUCTS, Map.of(), "sql-type"), message, FORMAT).field());
    assertEquals(
        "es",
        failure(
                decoder(FORMAT, PRODUCTS, Map.of(), "event-timestamp"),
                "{\"data\":[{\"id\":\"1\"}],\"type\":\"INSERT\",\"es\":true}",
                FORMAT)
            .field());
  }

  @Test
  void notJson() throws Exception {
    for (String message : List.of("{\"data\":[", "[]", "\"INSERT\"", "1", "{}{}", "\t")) {
      FormatException e = failure(strict(), message, FORMAT);
      assertNull(e.field(), e.getMessage());
      skippedAndCounted(lenient(), utf8(message), FORMAT);
    }
  }

  @Test
  void invalidUtf8EmptyAndNullMessages() throws Exception {
    byte[] invalid = {
      '{', '"', 't', '"', ':', '"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"', '}'
    };
    assertTrue(failure(strict(), invalid, FORMAT).getMessage().contains("UTF-8"));
    skippedAndCounted(lenient(), invalid, FORMAT);
    skippedAndCounted(lenient(), new byte[0], FORMAT);
    failure(strict(), new byte[0], FORMAT);
    FormatException tombstone = failure(strict(), (byte[]) null, FORMAT);
    assertTrue(tombstone.getMessage().contains("tombstone"), tombstone.getMessage());
    skippedAndCounted(lenient(), null, FORMAT);
  }

  @Test
  void deeplyNestedInputFailsCleanly() throws Exception {
    String nested =
        "{\"data\":[{\"id\":\"1\",\"name\":" + deeplyNested() + "}],\"type\":\"INSERT\"}";
    FormatException e = failure(strict(), nested, FORMAT);
    assertTrue(e.getMessage().contains("depth"), e.getMessage());
    skippedAndCounted(lenient(), utf8(nested), FORMAT);
    failure(strict(), "{\"data\":" + "[".repeat(100_000), FORMAT);
  }

  @Test
  void veryLargeMessageDecodes() throws Exception {
    String big = huge();
    List<Row> rows =
        decode(
            strict(),
            "{\"data\":[{\"id\":\"1\",\"description\":\""
                + big
                + "\"},{\"id\":\"2\"}],"
                + "\"type\":\"INSERT\"}");
    assertEquals(2, rows.size());
    assertEquals(big, rows.get(0).getString("description"));
  }
}
