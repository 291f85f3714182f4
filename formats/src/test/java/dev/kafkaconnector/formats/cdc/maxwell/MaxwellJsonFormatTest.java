package dev.kafkaconnector.formats.cdc.maxwell;

import static dev.kafkaconnector.formats.cdc.CdcTesting.ALL_TYPES;
import static dev.kafkaconnector.formats.cdc.CdcTesting.CANAL_MAXWELL_FINAL;
import static dev.kafkaconnector.formats.cdc.CdcTesting.allTypesNulls;
import static dev.kafkaconnector.formats.cdc.CdcTesting.allTypesRow;
import static dev.kafkaconnector.formats.cdc.CdcTesting.decode;
import static dev.kafkaconnector.formats.cdc.CdcTesting.decoder;
import static dev.kafkaconnector.formats.cdc.CdcTesting.encoder;
import static dev.kafkaconnector.formats.cdc.CdcTesting.products;
import static dev.kafkaconnector.formats.cdc.CdcTesting.replay;
import static dev.kafkaconnector.formats.cdc.CdcTesting.sample;
import static dev.kafkaconnector.formats.cdc.CdcTesting.text;
import static dev.kafkaconnector.formats.cdc.CdcTesting.withKind;
import static dev.kafkaconnector.formats.cdc.CdcTesting.withRowKind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.TestMetrics;
import dev.kafkaconnector.formats.cdc.UpdateEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class MaxwellJsonFormatTest {
  static final String FORMAT = "maxwell-json";
  static final Schema PRODUCTS = products(FieldType.DOUBLE);
  static final ObjectMapper JSON = new ObjectMapper();

  static RowDecoder withKinds(Map<String, String> options) {
    return decoder(FORMAT, PRODUCTS, options, FormatMetadata.ROW_KIND);
  }

  @Test
  void replayingTheSampleGivesTheFinalTable() throws Exception {
    assertEquals(CANAL_MAXWELL_FINAL, replay(withKinds(Map.of()), sample("maxwell-data.txt")));
  }

  @Test
  void anUpdateGivesUpdateBeforeThenUpdateAfter() throws Exception {
    List<String> lines = sample("maxwell-data.txt");
    List<Row> rows = decode(withKinds(Map.of()), lines.get(13));
    assertEquals(2, rows.size());
    Schema produced = rows.get(0).getSchema();
    assertEquals(
        Row.withSchema(produced)
            .addValues(110, "jacket", "water resistent white wind breaker", 0.2, "-U")
            .build(),
        rows.get(0));
    assertEquals(
        Row.withSchema(produced)
            .addValues(110, "jacket", "new water resistent white wind breaker", 0.5, "+U")
            .build(),
        rows.get(1));
    assertEquals("+I", decode(withKinds(Map.of()), lines.get(0)).get(0).getString("row-kind"));
    assertEquals("-D", decode(withKinds(Map.of()), lines.get(15)).get(0).getString("row-kind"));
    // without old, only the after-image
    List<Row> noOld =
        decode(withKinds(Map.of()), "{\"type\":\"update\",\"data\":{\"id\":1,\"weight\":2}}");
    assertEquals(List.of("+U"), noOld.stream().map(r -> r.getString("row-kind")).toList());
  }

  @Test
  void appendModeKeepsAfterImagesAsInserts() throws Exception {
    RowDecoder decoder = withKinds(Map.of("maxwell-json.source.append-mode", "true"));
    List<String> rows = new ArrayList<>();
    try (TestMetrics metrics = new TestMetrics()) {
      for (String line : sample("maxwell-data.txt")) {
        for (Row row : decode(decoder, line)) {
          rows.add(
              row.getString("row-kind") + " " + row.getInt32("id") + " " + row.getDouble("weight"));
        }
      }
      assertEquals(3, metrics.counter("maxwell-json.deletes-skipped"));
    }
    assertEquals(17, rows.size());
    assertTrue(rows.stream().allMatch(s -> s.startsWith("+I ")), rows.toString());
    assertEquals("+I 107 5.1", rows.get(10));
  }

  @Test
  void bootstrapRowsAreInsertsAndDdlOrMarkersAreSkippedAndCounted() throws Exception {
    RowDecoder decoder = withKinds(Map.of());
    assertEquals(
        "+I",
        decode(decoder, "{\"type\":\"bootstrap-insert\",\"data\":{\"id\":1}}")
            .get(0)
            .getString("row-kind"));
    try (TestMetrics metrics = new TestMetrics()) {
      for (String type :
          List.of("table-create", "database-drop", "bootstrap-start", "bootstrap-complete")) {
        assertEquals(
            List.of(),
            decode(decoder, "{\"type\":\"" + type + "\",\"sql\":\"create table t (i int)\"}"));
      }
      assertEquals(4, metrics.counter("maxwell-json.ddl-skipped"));
    }
  }

  @Test
  void everyMetadataKey() throws Exception {
    List<String> keys =
        Formats.find(FORMAT, "format").readableMetadata().stream()
            .map(FormatMetadata::key)
            .toList();
    assertEquals(
        List.of("database", "table", "primary-key-columns", "ingestion-timestamp", "row-kind"),
        keys);
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of(), keys.toArray(new String[0]));
    List<Row> rows = decode(decoder, sample("maxwell-data.txt").get(9));
    assertEquals(2, rows.size());
    for (Row row : rows) {
      assertEquals("test", row.getString("database"));
      assertEquals("product", row.getString("table"));
      assertEquals(List.of("id"), row.getArray("primary-key-columns"));
      assertEquals(new org.joda.time.Instant(1596684893000L), row.getValue("ingestion-timestamp"));
      assertEquals(106, row.getInt32("id"));
    }
    assertEquals("-U", rows.get(0).getString("row-kind"));
    assertEquals("16oz carpenter's hammer", rows.get(0).getString("description"));
    assertEquals("+U", rows.get(1).getString("row-kind"));
  }

  @Test
  void declaresFlinksOptionsAndAppendMode() {
    assertEquals(
        List.of(
            "maxwell-json.ignore-parse-errors",
            "maxwell-json.timestamp-format.standard",
            "maxwell-json.map-null-key.mode",
            "maxwell-json.map-null-key.literal",
            "maxwell-json.encode.decimal-as-plain-number",
            "maxwell-json.source.append-mode"),
        Formats.find(FORMAT, "format").options().stream().map(ConfigOption::key).toList());
  }

  @Test
  void encodesLikeFlinkAndDecodesBack() throws Exception {
    RowEncoder encoder = encoder(FORMAT, withRowKind(ALL_TYPES), Map.of());
    RowDecoder decoder = decoder(FORMAT, ALL_TYPES, Map.of(), FormatMetadata.ROW_KIND);
    Map<String, String> type =
        Map.of("+I", "insert", "+U", "insert", "-U", "delete", "-D", "delete");
    for (Row data : List.of(allTypesRow(1), allTypesNulls(2))) {
      for (String kind : List.of("+I", "+U", "-U", "-D")) {
        byte[] bytes = encoder.encode(withKind(data, kind));
        JsonNode json = JSON.readTree(bytes);
        assertEquals(type.get(kind), json.get("type").asText(), text(bytes));
        assertFalse(json.get("data").has("row-kind"));
        String expected = type.get(kind).equals("insert") ? "+I" : "-D";
        assertEquals(List.of(withKind(data, expected)), decode(decoder, bytes));
      }
    }
    assertEquals(
        "{\"data\":{\"id\":1,\"name\":\"n\",\"description\":null,\"weight\":0.5},"
            + "\"type\":\"insert\"}",
        text(
            encoder(FORMAT, PRODUCTS, Map.of())
                .encode(Row.withSchema(PRODUCTS).addValues(1, "n", null, 0.5).build())));
  }

  @Test
  void encodeUpdateWritesTheChangedColumnsInOld() throws Exception {
    UpdateEncoder encoder = (UpdateEncoder) encoder(FORMAT, PRODUCTS, Map.of());
    Row before = Row.withSchema(PRODUCTS).addValues(7, "a", "same", 5.18).build();
    Row after = Row.withSchema(PRODUCTS).addValues(7, "a", "same", 5.17).build();
    byte[] bytes = encoder.encodeUpdate(before, after);
    assertEquals(
        "{\"data\":{\"id\":7,\"name\":\"a\",\"description\":\"same\",\"weight\":5.17},"
            + "\"old\":{\"weight\":5.18},\"type\":\"update\"}",
        text(bytes));
    assertEquals(
        List.of(withKind(before, "-U"), withKind(after, "+U")), decode(withKinds(Map.of()), bytes));
  }

  @Test
  void sharedJsonOptionsApplyToEncodingAndDecoding() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("dec", FieldType.DECIMAL)
            .addNullableField(
                "ts",
                FieldType.logicalType(org.apache.beam.sdk.schemas.logicaltypes.SqlTypes.DATETIME))
            .addNullableField("m", FieldType.map(FieldType.STRING, FieldType.INT32))
            .build();
    Map<String, Integer> m = new java.util.HashMap<>();
    m.put(null, 1);
    // attachValues: Beam's builder would reject the null map key this test is about
    Row row =
        Row.withSchema(schema)
            .attachValues(
                java.util.Arrays.asList(
                    new java.math.BigDecimal("2.7E-8"),
                    java.time.LocalDateTime.of(2020, 12, 30, 12, 13, 14, 123_000_000),
                    m));
    Map<String, String> options =
        Map.of(
            "maxwell-json.encode.decimal-as-plain-number", "true",
            "maxwell-json.timestamp-format.standard", "ISO-8601",
            "maxwell-json.map-null-key.mode", "LITERAL",
            "maxwell-json.map-null-key.literal", "nil");
    byte[] bytes = encoder(FORMAT, schema, options).encode(row);
    assertEquals(
        "{\"data\":{\"dec\":0.000000027,\"ts\":\"2020-12-30T12:13:14.123\","
            + "\"m\":{\"nil\":1}},\"type\":\"insert\"}",
        text(bytes));
    Row back =
        decode(
                decoder(
                    FORMAT, schema, Map.of("maxwell-json.timestamp-format.standard", "ISO-8601")),
                bytes)
            .get(0);
    assertEquals(new java.math.BigDecimal("0.000000027"), back.getDecimal("dec"));
    assertEquals((Object) row.getValue("ts"), back.getValue("ts"));
    assertEquals(Map.of("nil", 1), back.getMap("m"));
  }
}
