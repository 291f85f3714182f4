package dev.kafkaconnector.formats.cdc.canal;

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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.TestMetrics;
import dev.kafkaconnector.formats.cdc.UpdateEncoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class CanalJsonFormatTest {
  static final String FORMAT = "canal-json";
  static final Schema PRODUCTS = products(FieldType.DOUBLE);
  static final ObjectMapper JSON = new ObjectMapper();

  static RowDecoder withKinds(Map<String, String> options) {
    return decoder(FORMAT, PRODUCTS, options, FormatMetadata.ROW_KIND);
  }

  static List<String> kindsAndIds(List<Row> rows) {
    List<String> out = new ArrayList<>();
    for (Row row : rows) {
      out.add(row.getString("row-kind") + " " + row.getInt32("id") + " " + row.getValue("weight"));
    }
    return out;
  }

  @Test
  void replayingTheSampleGivesTheFinalTableAndSkipsTheDdlMessage() throws Exception {
    try (TestMetrics metrics = new TestMetrics()) {
      assertEquals(CANAL_MAXWELL_FINAL, replay(withKinds(Map.of()), sample("canal-data.txt")));
      assertEquals(1, metrics.counter("canal-json.ddl-skipped"));
      assertEquals(0, metrics.ignored(FORMAT));
    }
    // the string values convert to DECIMAL too, digits kept
    RowDecoder decimals =
        decoder(FORMAT, products(FieldType.DECIMAL), Map.of(), FormatMetadata.ROW_KIND);
    assertEquals(CANAL_MAXWELL_FINAL, replay(decimals, sample("canal-data.txt")));
    Row first = decode(decimals, sample("canal-data.txt").get(0)).get(5);
    assertEquals(new BigDecimal("1.0"), first.getDecimal("weight"));
  }

  @Test
  void oneMessageHoldsSeveralRows() throws Exception {
    List<Row> rows = decode(withKinds(Map.of()), sample("canal-data.txt").get(0));
    assertEquals(9, rows.size());
    assertEquals(
        Row.withSchema(rows.get(0).getSchema())
            .addValues(101, "scooter", "Small 2-wheel scooter", 3.14, "+I")
            .build(),
        rows.get(0));
    assertEquals("+I 109 22.2", kindsAndIds(rows).get(8));
  }

  @Test
  void updatesGiveTheirBeforeImageFromOldThenTheAfterImage() throws Exception {
    RowDecoder decoder = withKinds(Map.of());
    List<Row> rows = decode(decoder, sample("canal-data.txt").get(1));
    assertEquals(2, rows.size());
    assertEquals("-U", rows.get(0).getString("row-kind"));
    assertEquals("16oz carpenter's hammer", rows.get(0).getString("description"));
    assertEquals("hammer", rows.get(0).getString("name"));
    assertEquals(1.0, rows.get(0).getDouble("weight"));
    assertEquals("+U", rows.get(1).getString("row-kind"));
    assertEquals("18oz carpenter hammer", rows.get(1).getString("description"));

    // two rows in one UPDATE: each row takes its own old values
    assertEquals(
        List.of("-U 101 3.14", "+U 101 5.17", "-U 102 8.1", "+U 102 5.17"),
        kindsAndIds(decode(decoder, sample("canal-data.txt").get(8))));
    // a column present in old as null was null before
    List<Row> nulled =
        decode(
            decoder,
            "{\"data\":[{\"id\":\"1\",\"name\":\"b\"}],\"old\":[{\"name\":null}],"
                + "\"type\":\"UPDATE\"}");
    assertEquals(null, nulled.get(0).getString("name"));
    assertEquals("b", nulled.get(1).getString("name"));
    // without old (or a shorter old) only the after-image
    assertEquals(
        List.of("+U 1 null"),
        kindsAndIds(
            decode(decoder, "{\"data\":[{\"id\":\"1\"}],\"old\":null,\"type\":\"UPDATE\"}")));
    assertEquals(
        List.of("-U 1 2.0", "+U 1 1.0", "+U 2 1.0"),
        kindsAndIds(
            decode(
                decoder,
                "{\"data\":[{\"id\":1,\"weight\":1},{\"id\":2,\"weight\":1}],"
                    + "\"old\":[{\"weight\":\"2\"}],\"type\":\"UPDATE\"}")));
    // deletes
    assertEquals(
        List.of("-D 102 5.17", "-D 103 0.8"),
        kindsAndIds(decode(decoder, sample("canal-data.txt").get(10))));
  }

  @Test
  void appendModeKeepsAfterImagesAsInserts() throws Exception {
    RowDecoder decoder = withKinds(Map.of("canal-json.source.append-mode", "true"));
    List<Row> rows = new ArrayList<>();
    try (TestMetrics metrics = new TestMetrics()) {
      for (String line : sample("canal-data.txt")) {
        rows.addAll(decode(decoder, line));
      }
      assertEquals(3, metrics.counter("canal-json.deletes-skipped"));
      assertEquals(1, metrics.counter("canal-json.ddl-skipped"));
    }
    List<String> all = kindsAndIds(rows);
    // 9 + 2 inserts, 6 update after-images (one message holds two)
    assertEquals(17, all.size());
    assertTrue(all.stream().allMatch(s -> s.startsWith("+I ")), all.toString());
    assertEquals("+I 106 1.0", all.get(9));
    assertEquals(List.of("+I 101 5.17", "+I 102 5.17"), all.subList(15, 17));
  }

  @Test
  void databaseAndTableFilters() throws Exception {
    List<String> lines = sample("canal-data.txt");
    assertEquals(
        CANAL_MAXWELL_FINAL,
        replay(withKinds(Map.of("canal-json.database.include", "inv.*")), lines));
    assertEquals(
        CANAL_MAXWELL_FINAL,
        replay(withKinds(Map.of("canal-json.table.include", "products\\d|orders")), lines));
    assertEquals(
        List.of(),
        replay(
            withKinds(
                Map.of(
                    "canal-json.database.include", "inventory",
                    "canal-json.table.include", "products")),
            lines));
    try (TestMetrics metrics = new TestMetrics()) {
      assertEquals(
          List.of(), replay(withKinds(Map.of("canal-json.table.include", "user0.")), lines));
      // the DDL message of user02 passes the filter and is skipped as DDL
      assertEquals(1, metrics.counter("canal-json.ddl-skipped"));
    }
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> withKinds(Map.of("canal-json.table.include", "products(")));
    assertTrue(e.getMessage().contains("canal-json.table.include"), e.getMessage());
  }

  @Test
  void everyMetadataKey() throws Exception {
    List<String> keys =
        Formats.find(FORMAT, "format").readableMetadata().stream()
            .map(FormatMetadata::key)
            .toList();
    assertEquals(
        List.of(
            "database",
            "table",
            "sql-type",
            "pk-names",
            "ingestion-timestamp",
            "event-timestamp",
            "operation-type",
            "batch-id",
            "is-ddl",
            "mysql-type",
            "update-before",
            "sql",
            "row-kind"),
        keys);
    RowDecoder decoder = decoder(FORMAT, PRODUCTS, Map.of(), keys.toArray(new String[0]));
    List<Row> rows = decode(decoder, sample("canal-data.txt").get(8));
    assertEquals(4, rows.size());
    for (Row row : rows) {
      assertEquals("inventory", row.getString("database"));
      assertEquals("products2", row.getString("table"));
      assertEquals(
          Map.of("id", 4, "name", 12, "description", 12, "weight", 7), row.getMap("sql-type"));
      assertEquals(List.of("id"), row.getArray("pk-names"));
      assertEquals(new org.joda.time.Instant(1589373753939L), row.getValue("ingestion-timestamp"));
      assertEquals(new org.joda.time.Instant(1589373753000L), row.getValue("event-timestamp"));
      assertEquals("UPDATE", row.getString("operation-type"));
      assertEquals(11L, row.getInt64("batch-id"));
      assertFalse(row.getBoolean("is-ddl"));
      assertEquals(
          Map.of(
              "id",
              "INTEGER",
              "name",
              "VARCHAR(255)",
              "description",
              "VARCHAR(512)",
              "weight",
              "FLOAT"),
          row.getMap("mysql-type"));
      assertEquals(
          List.of(Map.of("weight", "3.14"), Map.of("weight", "8.1")),
          row.getArray("update-before"));
      assertEquals("", row.getString("sql"));
    }
    assertEquals(
        List.of("-U", "+U", "-U", "+U"), rows.stream().map(r -> r.getString("row-kind")).toList());
    assertEquals(PRODUCTS.getFieldCount() + keys.size(), rows.get(0).getFieldCount());
  }

  @Test
  void declaresFlinksOptionsAndTheSpecificationsOnes() {
    assertEquals(
        List.of(
            "canal-json.ignore-parse-errors",
            "canal-json.timestamp-format.standard",
            "canal-json.map-null-key.mode",
            "canal-json.map-null-key.literal",
            "canal-json.encode.decimal-as-plain-number",
            "canal-json.database.include",
            "canal-json.table.include",
            "canal-json.source.append-mode",
            "canal-json.serialize.update.keep-changed-fields-only"),
        Formats.find(FORMAT, "format").options().stream().map(ConfigOption::key).toList());
  }

  @Test
  void encodesLikeFlinkAndDecodesBack() throws Exception {
    RowEncoder encoder = encoder(FORMAT, withRowKind(ALL_TYPES), Map.of());
    RowDecoder decoder = decoder(FORMAT, ALL_TYPES, Map.of(), FormatMetadata.ROW_KIND);
    Map<String, String> type =
        Map.of("+I", "INSERT", "+U", "INSERT", "-U", "DELETE", "-D", "DELETE");
    for (Row data : List.of(allTypesRow(1), allTypesNulls(2))) {
      for (String kind : List.of("+I", "+U", "-U", "-D")) {
        byte[] bytes = encoder.encode(withKind(data, kind));
        JsonNode json = JSON.readTree(bytes);
        assertEquals(type.get(kind), json.get("type").asText(), text(bytes));
        assertEquals(1, json.get("data").size());
        assertFalse(json.get("data").get(0).has("row-kind"));
        assertFalse(json.get("isDdl").asBoolean());
        String expected = type.get(kind).equals("INSERT") ? "+I" : "-D";
        assertEquals(List.of(withKind(data, expected)), decode(decoder, bytes));
      }
    }
  }

  @Test
  void writesSqlTypeAndMysqlTypeOfTheColumns() throws Exception {
    byte[] bytes = encoder(FORMAT, ALL_TYPES, Map.of()).encode(allTypesRow(1));
    JsonNode json = JSON.readTree(bytes);
    assertEquals(
        "{\"id\":4,\"b\":16,\"tiny\":-6,\"small\":5,\"big\":-5,\"f\":7,\"dbl\":8,\"dec\":3,"
            + "\"s\":2005,\"bytes\":2004,\"date\":91,\"time\":92,\"ts\":93,\"ltz\":93,"
            + "\"ints\":1111,\"m\":1111,\"r\":1111,\"rows\":1111}",
        json.get("sqlType").toString());
    assertEquals(
        "{\"id\":\"int\",\"b\":\"tinyint(1)\",\"tiny\":\"tinyint\",\"small\":\"smallint\","
            + "\"big\":\"bigint\",\"f\":\"float\",\"dbl\":\"double\",\"dec\":\"decimal(38,18)\","
            + "\"s\":\"longtext\",\"bytes\":\"longblob\",\"date\":\"date\",\"time\":\"time\","
            + "\"ts\":\"datetime(6)\",\"ltz\":\"timestamp(6)\",\"ints\":\"json\",\"m\":\"json\","
            + "\"r\":\"json\",\"rows\":\"json\"}",
        json.get("mysqlType").toString());
    // and they read back as metadata
    Row row = decode(decoder(FORMAT, ALL_TYPES, Map.of(), "sql-type", "mysql-type"), bytes).get(0);
    assertEquals(4, row.getMap("sql-type").get("id"));
    assertEquals("tinyint(1)", row.getMap("mysql-type").get("b"));
  }

  /**
   * Written metadata: columns {@code value.<key>} for the keys canal-json writes fill the message's
   * origin members instead of being written as data, and read back as the same metadata.
   */
  @Test
  void writesTheOriginFromItsWrittenMetadataColumns() throws Exception {
    assertEquals(
        List.of(
            "database", "table", "pk-names", "ingestion-timestamp", "event-timestamp", "batch-id"),
        Formats.find(FORMAT, "format").writableMetadata().stream()
            .map(FormatMetadata::key)
            .toList());
    Schema schema =
        Schema.builder()
            .addInt32Field("id")
            .addNullableField("value.database", FieldType.STRING)
            .addNullableField("value.table", FieldType.STRING)
            .addNullableField("value.pk-names", FieldType.array(FieldType.STRING))
            .addNullableField("value.event-timestamp", FieldType.DATETIME)
            .addNullableField("value.batch-id", FieldType.INT64)
            .build();
    Row row =
        Row.withSchema(schema)
            .addValues(
                7,
                "shop",
                "users",
                List.of("id"),
                new org.joda.time.Instant(1_589_373_515_000L),
                42L)
            .build();
    byte[] bytes = encoder(FORMAT, schema, Map.of()).encode(row);
    JsonNode json = JSON.readTree(bytes);
    assertEquals("{\"id\":7}", json.get("data").get(0).toString(), text(bytes));
    assertEquals("shop", json.get("database").asText());
    assertEquals("users", json.get("table").asText());
    assertEquals("[\"id\"]", json.get("pkNames").toString());
    assertEquals(1_589_373_515_000L, json.get("es").asLong());
    assertEquals(42L, json.get("id").asLong());
    assertFalse(json.has("ts"), text(bytes));
    Schema id = Schema.builder().addInt32Field("id").build();
    Row back = decode(decoder(FORMAT, id, Map.of(), "database", "table", "batch-id"), bytes).get(0);
    assertEquals("shop", back.getString("database"));
    assertEquals("users", back.getString("table"));
    assertEquals(42L, back.getInt64("batch-id"));
    // without those columns the origin is left out, as before
    JsonNode plain =
        JSON.readTree(encoder(FORMAT, id, Map.of()).encode(Row.withSchema(id).addValue(7).build()));
    assertFalse(plain.has("database"), plain.toString());
  }

  @Test
  void encodeUpdateWritesOldWholeOrOnlyTheChangedColumns() throws Exception {
    Row before = Row.withSchema(PRODUCTS).addValues(7, "a", "old", 1.5).build();
    Row after = Row.withSchema(PRODUCTS).addValues(7, "a", "new", 1.5).build();
    RowDecoder decoder = withKinds(Map.of());

    UpdateEncoder whole = (UpdateEncoder) encoder(FORMAT, PRODUCTS, Map.of());
    byte[] full = whole.encodeUpdate(before, after);
    JsonNode json = JSON.readTree(full);
    assertEquals("UPDATE", json.get("type").asText());
    assertEquals(
        "[{\"id\":7,\"name\":\"a\",\"description\":\"old\",\"weight\":1.5}]",
        json.get("old").toString());
    assertEquals(List.of(withKind(before, "-U"), withKind(after, "+U")), decode(decoder, full));

    UpdateEncoder changed =
        (UpdateEncoder)
            encoder(
                FORMAT,
                PRODUCTS,
                Map.of("canal-json.serialize.update.keep-changed-fields-only", "true"));
    byte[] partial = changed.encodeUpdate(before, after);
    assertEquals("[{\"description\":\"old\"}]", JSON.readTree(partial).get("old").toString());
    assertEquals(List.of(withKind(before, "-U"), withKind(after, "+U")), decode(decoder, partial));

    // nested values and bytes compare by value; a change to null is kept as null
    UpdateEncoder nested =
        (UpdateEncoder)
            encoder(
                FORMAT,
                ALL_TYPES,
                Map.of("canal-json.serialize.update.keep-changed-fields-only", "true"));
    Row same = allTypesRow(1);
    List<Object> values = new ArrayList<>(same.getValues());
    values.set(1, null);
    Row changedRow = Row.withSchema(ALL_TYPES).attachValues(values);
    assertEquals(
        "[{\"b\":true}]",
        JSON.readTree(nested.encodeUpdate(same, changedRow)).get("old").toString());
    assertEquals(
        "[{}]", JSON.readTree(nested.encodeUpdate(same, allTypesRow(1))).get("old").toString());
  }

  @Test
  void theDecoderIsFoundThroughTheSpiAndRejectsUnknownMetadata() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Formats.find(FORMAT, "format")
                    .createDecoder(
                        PRODUCTS,
                        new FormatContext(
                            dev.kafkaconnector.formats.options.Configuration.of(Map.of()),
                            "value",
                            List.of("source.table"))));
    assertTrue(e.getMessage().contains("update-before"), e.getMessage());
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
            "canal-json.encode.decimal-as-plain-number", "true",
            "canal-json.timestamp-format.standard", "ISO-8601",
            "canal-json.map-null-key.mode", "LITERAL",
            "canal-json.map-null-key.literal", "nil");
    byte[] bytes = encoder(FORMAT, schema, options).encode(row);
    assertTrue(
        text(bytes)
            .startsWith(
                "{\"data\":[{\"dec\":0.000000027,\"ts\":\"2020-12-30T12:13:14.123\","
                    + "\"m\":{\"nil\":1}}],\"old\":null,\"type\":\"INSERT\""),
        text(bytes));
    Row back =
        decode(
                decoder(FORMAT, schema, Map.of("canal-json.timestamp-format.standard", "ISO-8601")),
                bytes)
            .get(0);
    assertEquals(new java.math.BigDecimal("0.000000027"), back.getDecimal("dec"));
    assertEquals((Object) row.getValue("ts"), back.getValue("ts"));
    assertEquals(Map.of("nil", 1), back.getMap("m"));
  }
}
