package dev.kafkaconnector.formats.cdc.debezium;

import static dev.kafkaconnector.formats.cdc.CdcTesting.ALL_TYPES;
import static dev.kafkaconnector.formats.cdc.CdcTesting.DEBEZIUM_FINAL;
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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.formats.FormatFactory;
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

class DebeziumJsonFormatTest {
  static final String FORMAT = "debezium-json";
  static final Schema PRODUCTS = products(FieldType.FLOAT);
  static final ObjectMapper JSON = new ObjectMapper();

  /** The sample lines wrapped in the Kafka Connect envelope, as with schemas.enable=true. */
  static List<String> withEnvelope(List<String> lines) {
    String schema =
        "{\"type\":\"struct\",\"fields\":[{\"type\":\"struct\",\"fields\":[{\"type\":\"int32\","
            + "\"optional\":false,\"field\":\"id\"}],\"optional\":true,\"field\":\"before\"}],"
            + "\"optional\":false,\"name\":\"dbserver1.inventory.products.Envelope\"}";
    List<String> out = new ArrayList<>();
    for (String line : lines) {
      out.add("{\"schema\":" + schema + ",\"payload\":" + line + "}");
    }
    return out;
  }

  @Test
  void replayingTheSampleGivesTheFinalTable() throws Exception {
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of(), FormatMetadata.ROW_KIND);
    assertEquals(DEBEZIUM_FINAL, replay(decoder, sample("debezium-data-schema-exclude.txt")));
  }

  @Test
  void replayingTheSampleWithTheSchemaEnvelope() throws Exception {
    RowDecoder decoder =
        decoder(
            FORMAT,
            PRODUCTS,
            Map.of("debezium-json.schema-include", "true"),
            FormatMetadata.ROW_KIND);
    assertEquals(
        DEBEZIUM_FINAL, replay(decoder, withEnvelope(sample("debezium-data-schema-exclude.txt"))));
  }

  @Test
  void weightAsDoubleKeepsDebeziumsDigits() throws Exception {
    RowDecoder decoder = decoder(FORMAT, products(FieldType.DOUBLE), Map.of());
    Row first = decode(decoder, sample("debezium-data-schema-exclude.txt").get(0)).get(0);
    assertEquals(3.140000104904175, first.getDouble("weight"));
  }

  @Test
  void anUpdateGivesUpdateBeforeThenUpdateAfter() throws Exception {
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of(), FormatMetadata.ROW_KIND);
    String update = sample("debezium-data-schema-exclude.txt").get(9);
    List<Row> rows = decode(decoder, update);
    assertEquals(2, rows.size());
    assertEquals("-U", rows.get(0).getString("row-kind"));
    assertEquals("16oz carpenter's hammer", rows.get(0).getString("description"));
    assertEquals("+U", rows.get(1).getString("row-kind"));
    assertEquals("18oz carpenter hammer", rows.get(1).getString("description"));
    assertEquals(106, rows.get(1).getInt32("id"));
    assertEquals(1.0f, rows.get(1).getFloat("weight"));

    // an insert, a snapshot read and a delete
    List<String> lines = sample("debezium-data-schema-exclude.txt");
    assertEquals("+I", decode(decoder, lines.get(0)).get(0).getString("row-kind"));
    assertEquals(
        "+I",
        decode(decoder, lines.get(0).replace("\"op\":\"c\"", "\"op\":\"r\""))
            .get(0)
            .getString("row-kind"));
    List<Row> delete = decode(decoder, lines.get(lines.size() - 1));
    assertEquals(1, delete.size());
    assertEquals("-D", delete.get(0).getString("row-kind"));
    assertEquals(111, delete.get(0).getInt32("id"));
  }

  @Test
  void anUpdateWithoutBeforeImageGivesOnlyUpdateAfter() throws Exception {
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of(), FormatMetadata.ROW_KIND);
    List<Row> rows =
        decode(decoder, "{\"before\":null,\"after\":{\"id\":1,\"name\":\"a\"},\"op\":\"u\"}");
    assertEquals(1, rows.size());
    assertEquals("+U", rows.get(0).getString("row-kind"));
    assertEquals("a", rows.get(0).getString("name"));
  }

  @Test
  void withoutMetadataTheRowsHaveTheTableSchema() throws Exception {
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of());
    Row row = decode(decoder, sample("debezium-data-schema-exclude.txt").get(0)).get(0);
    assertEquals(PRODUCTS, row.getSchema());
    assertEquals(
        Row.withSchema(PRODUCTS).addValues(101, "scooter", "Small 2-wheel scooter", 3.14f).build(),
        row);
  }

  @Test
  void appendModeEmitsAfterImagesAsInsertsAndCountsDroppedDeletes() throws Exception {
    RowDecoder decoder =
        decoder(
            FORMAT,
            PRODUCTS,
            Map.of("debezium-json.source.append-mode", "true"),
            FormatMetadata.ROW_KIND);
    List<String> kinds = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    try (TestMetrics metrics = new TestMetrics()) {
      for (String line : sample("debezium-data-schema-exclude.txt")) {
        for (Row row : decode(decoder, line)) {
          kinds.add(row.getString("row-kind"));
          ids.add(row.getInt32("id") + ":" + row.getString("description"));
        }
      }
      assertEquals(1, metrics.counter("debezium-json.deletes-skipped"));
    }
    // 11 inserts and 4 update after-images; the delete of 111 is dropped
    assertEquals(15, kinds.size());
    assertTrue(kinds.stream().allMatch("+I"::equals), kinds.toString());
    assertEquals("106:18oz carpenter hammer", ids.get(9));
    assertEquals("111:Big 2-wheel scooter ", ids.get(14));
  }

  @Test
  void everyMetadataKey() throws Exception {
    FormatFactory factory = Formats.find(FORMAT, "format");
    List<String> keys = factory.readableMetadata().stream().map(FormatMetadata::key).toList();
    assertEquals(
        List.of(
            "schema",
            "ingestion-timestamp",
            "source.timestamp",
            "source.database",
            "source.schema",
            "source.table",
            "source.properties",
            "row-kind"),
        keys);
    String update = sample("debezium-data-schema-exclude.txt").get(10);
    for (boolean envelope : new boolean[] {false, true}) {
      RowDecoder decoder =
          decoder(
              FORMAT,
              PRODUCTS,
              Map.of("debezium-json.schema-include", String.valueOf(envelope)),
              keys.toArray(new String[0]));
      String message = envelope ? withEnvelope(List.of(update)).get(0) : update;
      List<Row> rows = decode(decoder, message);
      assertEquals(2, rows.size());
      Row after = rows.get(1);
      assertEquals(PRODUCTS.getFieldCount() + keys.size(), after.getFieldCount());
      assertEquals(107, after.getInt32("id"));
      assertEquals(5.1f, after.getFloat("weight"));
      if (envelope) {
        JsonNode schema = JSON.readTree(after.getString("schema"));
        assertEquals("dbserver1.inventory.products.Envelope", schema.get("name").asText());
      } else {
        assertNull(after.getValue("schema"));
      }
      assertEquals(
          new org.joda.time.Instant(1589362099505L), after.getValue("ingestion-timestamp"));
      assertEquals(new org.joda.time.Instant(1589362099000L), after.getValue("source.timestamp"));
      assertEquals("inventory", after.getString("source.database"));
      assertNull(after.getString("source.schema"));
      assertEquals("products", after.getString("source.table"));
      Map<String, String> source = after.getMap("source.properties");
      assertEquals("1.1.1.Final", source.get("version"));
      assertEquals("717", source.get("pos"));
      assertEquals("false", source.get("snapshot"));
      assertTrue(source.containsKey("gtid"));
      assertNull(source.get("gtid"));
      assertEquals("+U", after.getString("row-kind"));
      assertEquals("-U", rows.get(0).getString("row-kind"));
      assertEquals(5.3f, rows.get(0).getFloat("weight"));
      // the metadata is the message's, the same for both rows
      assertEquals(
          (Object) after.getValue("source.properties"), rows.get(0).getValue("source.properties"));
    }
  }

  @Test
  void declaresFlinksOptionsAndTheSpecificationsOnes() {
    List<String> keys =
        Formats.find(FORMAT, "format").options().stream().map(ConfigOption::key).toList();
    assertEquals(
        List.of(
            "debezium-json.schema-include",
            "debezium-json.ignore-parse-errors",
            "debezium-json.timestamp-format.standard",
            "debezium-json.map-null-key.mode",
            "debezium-json.map-null-key.literal",
            "debezium-json.encode.decimal-as-plain-number",
            "debezium-json.source.append-mode",
            "debezium-json.include-schema.enabled",
            "debezium-json.emit.full-table-id.enabled"),
        keys);
  }

  @Test
  void encodesLikeFlinkAndDecodesBack() throws Exception {
    Schema schema = withRowKind(ALL_TYPES);
    RowEncoder encoder = encoder(FORMAT, schema, Map.of());
    RowDecoder decoder = decoder(FORMAT, ALL_TYPES, Map.of(), FormatMetadata.ROW_KIND);
    Map<String, String> expectedKind = Map.of("+I", "+I", "+U", "+I", "-U", "-D", "-D", "-D");
    Map<String, String> expectedOp = Map.of("+I", "c", "+U", "c", "-U", "d", "-D", "d");
    for (Row data : List.of(allTypesRow(1), allTypesNulls(2))) {
      for (String kind : List.of("+I", "+U", "-U", "-D")) {
        byte[] bytes = encoder.encode(withKind(data, kind));
        JsonNode json = JSON.readTree(bytes);
        assertEquals(expectedOp.get(kind), json.get("op").asText(), text(bytes));
        boolean insert = expectedOp.get(kind).equals("c");
        assertTrue(json.get(insert ? "before" : "after").isNull(), text(bytes));
        assertTrue(json.get(insert ? "after" : "before").isObject(), text(bytes));
        assertTrue(json.get(insert ? "after" : "before").get("row-kind") == null, text(bytes));
        List<Row> rows = decode(decoder, bytes);
        assertEquals(List.of(withKind(data, expectedKind.get(kind))), rows);
      }
    }
  }

  @Test
  void withoutRowKindColumnEveryRowIsAnInsert() throws Exception {
    RowEncoder encoder = encoder(FORMAT, ALL_TYPES, Map.of());
    byte[] bytes = encoder.encode(allTypesRow(3));
    assertEquals("c", JSON.readTree(bytes).get("op").asText());
    assertEquals(List.of(allTypesRow(3)), decode(decoder(FORMAT, ALL_TYPES, Map.of()), bytes));
  }

  @Test
  void encodeUpdateWritesBothImages() throws Exception {
    UpdateEncoder encoder = (UpdateEncoder) encoder(FORMAT, PRODUCTS, Map.of());
    Row before = Row.withSchema(PRODUCTS).addValues(7, "a", "old", 1.5f).build();
    Row after = Row.withSchema(PRODUCTS).addValues(7, "a", "new", 1.5f).build();
    byte[] bytes = encoder.encodeUpdate(before, after);
    assertEquals(
        "{\"before\":{\"id\":7,\"name\":\"a\",\"description\":\"old\",\"weight\":1.5},"
            + "\"after\":{\"id\":7,\"name\":\"a\",\"description\":\"new\",\"weight\":1.5},"
            + "\"op\":\"u\"}",
        text(bytes));
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of(), FormatMetadata.ROW_KIND);
    assertEquals(List.of(withKind(before, "-U"), withKind(after, "+U")), decode(decoder, bytes));
  }

  @Test
  void includeSchemaWritesTheConnectEnvelope() throws Exception {
    for (String option :
        List.of("debezium-json.include-schema.enabled", "debezium-json.schema-include")) {
      RowEncoder encoder = encoder(FORMAT, withRowKind(ALL_TYPES), Map.of(option, "true"));
      byte[] bytes = encoder.encode(withKind(allTypesRow(4), "-D"));
      JsonNode json = JSON.readTree(bytes);
      assertEquals("d", json.get("payload").get("op").asText());
      JsonNode schema = json.get("schema");
      assertEquals("struct", schema.get("type").asText());
      JsonNode before = schema.get("fields").get(0);
      assertEquals("before", before.get("field").asText());
      assertTrue(before.get("optional").asBoolean());
      JsonNode columns = before.get("fields");
      assertEquals(ALL_TYPES.getFieldCount(), columns.size());
      assertEquals(
          "{\"type\":\"int32\",\"optional\":false,\"field\":\"id\"}", columns.get(0).toString());
      assertEquals("int8", columns.get(2).get("type").asText());
      assertEquals("double", columns.get(7).get("type").asText());
      assertEquals("bytes", columns.get(9).get("type").asText());
      assertEquals("string", columns.get(10).get("type").asText());
      assertEquals("array", columns.get(14).get("type").asText());
      assertEquals("int32", columns.get(14).get("items").get("type").asText());
      assertEquals("map", columns.get(15).get("type").asText());
      assertEquals("struct", columns.get(16).get("type").asText());
      assertEquals("c", columns.get(16).get("fields").get(0).get("field").asText());
      assertEquals("op", schema.get("fields").get(2).get("field").asText());

      RowDecoder decoder =
          decoder(
              FORMAT,
              ALL_TYPES,
              Map.of("debezium-json.schema-include", "true"),
              FormatMetadata.ROW_KIND,
              "schema");
      Row row = decode(decoder, bytes).get(0);
      assertEquals("-D", row.getString("row-kind"));
      assertEquals(allTypesRow(4), withoutLast(row, 2));
      assertEquals(schema, JSON.readTree(row.getString("schema")));
    }
  }

  @Test
  void decimalColumnsWithKnownScaleUseTheConnectDecimalType() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField(
                "price",
                FieldType.logicalType(
                    org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric.of(10, 2)))
            .build();
    RowEncoder encoder =
        encoder(FORMAT, schema, Map.of("debezium-json.include-schema.enabled", "true"));
    byte[] bytes =
        encoder.encode(Row.withSchema(schema).addValues(new java.math.BigDecimal("12.50")).build());
    JsonNode column = JSON.readTree(bytes).get("schema").get("fields").get(1).get("fields").get(0);
    assertEquals("org.apache.kafka.connect.data.Decimal", column.get("name").asText());
    assertEquals("2", column.get("parameters").get("scale").asText());
    assertEquals("10", column.get("parameters").get("connect.decimal.precision").asText());
  }

  @Test
  void encodeOptions() throws Exception {
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
    Row row =
        // attachValues: Beam's builder would reject the null map key this test is about
        Row.withSchema(schema)
            .attachValues(
                java.util.Arrays.asList(
                    new java.math.BigDecimal("2.7E-8"),
                    java.time.LocalDateTime.of(2020, 12, 30, 12, 13, 14, 123_000_000),
                    m));
    byte[] bytes =
        encoder(
                FORMAT,
                schema,
                Map.of(
                    "debezium-json.encode.decimal-as-plain-number", "true",
                    "debezium-json.timestamp-format.standard", "ISO-8601",
                    "debezium-json.map-null-key.mode", "LITERAL",
                    "debezium-json.map-null-key.literal", "nil"))
            .encode(row);
    assertEquals(
        "{\"before\":null,\"after\":{\"dec\":0.000000027,\"ts\":\"2020-12-30T12:13:14.123\","
            + "\"m\":{\"nil\":1}},\"op\":\"c\"}",
        text(bytes));
    byte[] sql =
        encoder(FORMAT, schema, Map.of("debezium-json.map-null-key.mode", "DROP")).encode(row);
    assertEquals(
        "{\"before\":null,\"after\":{\"dec\":2.7E-8,\"ts\":\"2020-12-30 12:13:14.123\","
            + "\"m\":{}},\"op\":\"c\"}",
        text(sql));
    // the timestamp standard applies when reading too
    RowDecoder iso =
        decoder(FORMAT, schema, Map.of("debezium-json.timestamp-format.standard", "ISO-8601"));
    assertEquals((Object) row.getValue("ts"), decode(iso, bytes).get(0).getValue("ts"));
  }

  static Row withoutLast(Row row, int n) {
    Schema.Builder builder = Schema.builder();
    for (int i = 0; i < row.getFieldCount() - n; i++) {
      builder.addField(row.getSchema().getField(i));
    }
    return Row.withSchema(builder.build())
        .attachValues(new ArrayList<>(row.getValues().subList(0, row.getFieldCount() - n)));
  }
}
