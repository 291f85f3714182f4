package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.runners.CdcSamples;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * Each format read end to end from a real topic, with key fields, prefixes and metadata columns,
 * and with its ignore-parse-errors behaviour visible in the Beam counter.
 */
abstract class AbstractFormatsITCase extends ReadITSupport {

  KafkaConnectorRead bounded(String topic) {
    return source(topic)
        .withOptions(
            Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset"));
  }

  @Test
  void csvValuesWithARawKeyAndMetadata() {
    String topic = newTopic("csv", 1);
    producer.send(topic, 0, null, "k1", "1|apple|1.50|red;green");
    producer.send(topic, 0, null, "k2", "2|\"pear, ripe\"|0.99|");
    producer.flush();
    Schema schema =
        Schema.builder()
            .addStringField("k")
            .addInt64Field("id")
            .addStringField("name")
            .addDecimalField("price")
            .addNullableField("tags", FieldType.array(FieldType.STRING))
            .build();
    List<Row> rows =
        runBounded(
            bounded(topic)
                .withOptions(
                    Map.of(
                        "key.format", "raw",
                        "key.fields", "k",
                        "value.format", "csv",
                        "value.fields-include", "EXCEPT_KEY",
                        "value.csv.field-delimiter", "|",
                        "metadata.list", "offset"))
                .withSchema(schema));
    assertEquals(2, rows.size());
    Row first = rows.stream().filter(r -> r.getInt64("offset") == 0L).findFirst().orElseThrow();
    assertEquals("k1", first.getString("k"));
    assertEquals(1L, first.getInt64("id"));
    assertEquals("apple", first.getString("name"));
    assertEquals(new BigDecimal("1.50"), first.getDecimal("price"));
    assertEquals(List.of("red", "green"), first.getArray("tags"));
    Row second = rows.stream().filter(r -> r.getInt64("offset") == 1L).findFirst().orElseThrow();
    assertEquals("pear, ripe", second.getString("name"));
  }

  @Test
  void csvIgnoreParseErrorsIsCountedAndTheDefaultFails() {
    String topic = newTopic("csv-bad", 1);
    producer.send(topic, 0, null, null, "1,ok");
    producer.send(topic, 0, null, null, "two,bad-id");
    producer.flush();
    Schema schema =
        Schema.builder().addNullableField("id", FieldType.INT64).addStringField("name").build();
    KafkaConnectorRead read = bounded(topic).withOption("format", "csv").withSchema(schema);
    Exception e = assertThrows(Exception.class, () -> runBounded(read));
    assertMessageContains(e, "offset 1");
    assertMessageContains(e, "'csv'");

    Run run = runBoundedWithResult(read.withOption("csv.ignore-parse-errors", "true"));
    assertEquals(2, run.rows().size());
    Row bad =
        run.rows().stream()
            .filter(r -> r.getString("name").equals("bad-id"))
            .findFirst()
            .orElseThrow();
    assertNull(bad.getValue("id"), "the field that did not parse becomes null");
    assertEquals(1L, run.counter("kafka-connector", "csv.ignored-parse-errors"));
  }

  /** Encodes {@code row} with our encoder of {@code format}. */
  static byte[] encode(String format, Schema schema, Row row, Map<String, String> options) {
    try {
      return Formats.find(format, "format")
          .createEncoder(schema, FormatContext.of(options))
          .encode(row);
    } catch (FormatException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void jsonKeyAndNestedJsonValueWithPrefixes() {
    String topic = newTopic("json", 2);
    Schema keySchema = Schema.builder().addInt64Field("id").build();
    Schema item = Schema.builder().addStringField("sku").addInt32Field("qty").build();
    Schema valueSchema =
        Schema.builder()
            .addStringField("customer")
            .addArrayField("items", FieldType.row(item))
            .addMapField("attrs", FieldType.STRING, FieldType.STRING)
            .addNullableField("note", FieldType.STRING)
            .build();
    for (long id = 1; id <= 4; id++) {
      byte[] key =
          encode("json", keySchema, Row.withSchema(keySchema).addValue(id).build(), Map.of());
      Row value =
          Row.withSchema(valueSchema)
              .addValues(
                  "c" + id,
                  List.of(Row.withSchema(item).addValues("s" + id, (int) id).build()),
                  Map.of("tier", id % 2 == 0 ? "gold" : "basic"),
                  null)
              .build();
      producer.sendRaw(
          new ProducerRecord<>(
              topic, (int) (id % 2), key, encode("json", valueSchema, value, Map.of())));
    }
    producer.flush();
    Schema table =
        Schema.builder()
            .addInt64Field("k_id")
            .addStringField("customer")
            .addArrayField("items", FieldType.row(item))
            .addMapField("attrs", FieldType.STRING, FieldType.STRING)
            .addNullableField("note", FieldType.STRING)
            .build();
    List<Row> rows =
        runBounded(
            bounded(topic)
                .withOptions(
                    Map.of(
                        "key.format", "json",
                        "key.fields", "k_id",
                        "key.fields-prefix", "k_",
                        "value.format", "json",
                        "value.fields-include", "EXCEPT_KEY",
                        "value.json.fail-on-missing-field", "false",
                        "metadata.list", "partition"))
                .withSchema(table));
    assertEquals(4, rows.size());
    for (Row row : rows) {
      long id = row.getInt64("k_id");
      assertEquals("c" + id, row.getString("customer"));
      assertEquals((int) (id % 2), row.getInt32("partition"));
      assertEquals("s" + id, ((Row) row.getArray("items").iterator().next()).getString("sku"));
      assertEquals(id % 2 == 0 ? "gold" : "basic", row.getMap("attrs").get("tier"));
      assertNull(row.getString("note"));
    }
  }

  @Test
  void avroValues() {
    String topic = newTopic("avro", 1);
    Schema schema =
        Schema.builder()
            .addInt64Field("id")
            .addStringField("name")
            .addNullableField("score", FieldType.DOUBLE)
            .addArrayField("tags", FieldType.STRING)
            .build();
    for (long id = 0; id < 3; id++) {
      Row row =
          Row.withSchema(schema)
              .addValues(id, "n" + id, id == 1 ? null : id * 1.5, List.of("t" + id))
              .build();
      producer.sendRaw(new ProducerRecord<>(topic, 0, null, encode("avro", schema, row, Map.of())));
    }
    producer.sendRaw(new ProducerRecord<>(topic, 0, null, new byte[] {1, 2, 3}));
    producer.flush();
    Run run =
        runBoundedWithResult(
            bounded(topic)
                .withOptions(Map.of("format", "avro", "ingestion.ignore-errors", "true"))
                .withSchema(schema));
    assertEquals(3, run.rows().size(), "the corrupt record is skipped");
    assertEquals(1L, run.counter("kafka-connector", "numRecordsInErrors"));
    Row one = run.rows().stream().filter(r -> r.getInt64("id") == 1L).findFirst().orElseThrow();
    assertEquals("n1", one.getString("name"));
    assertNull(one.getValue("score"));
    assertEquals(List.of("t1"), one.getArray("tags"));
  }

  @Test
  void protobufValuesOfTheSpecExample() {
    String topic = newTopic("proto", 1);
    com.example.proto.UserEventOuterClass.UserEvent event =
        com.example.proto.UserEventOuterClass.UserEvent.newBuilder()
            .setUserId(42L)
            .setUserName("ann")
            .setAge(31)
            .setScore(9.5)
            .setVip(true)
            .build();
    producer.sendRaw(new ProducerRecord<>(topic, 0, null, event.toByteArray()));
    producer.flush();
    Schema schema =
        Schema.builder()
            .addInt64Field("user_id")
            .addStringField("user_name")
            .addInt32Field("age")
            .addDoubleField("score")
            .addBooleanField("vip")
            .build();
    List<Row> rows =
        runBounded(
            bounded(topic)
                .withOptions(
                    Map.of(
                        "format", "protobuf",
                        "protobuf.message-class-name",
                            "com.example.proto.UserEventOuterClass$UserEvent"))
                .withSchema(schema));
    assertEquals(
        List.of(Row.withSchema(schema).addValues(42L, "ann", 31, 9.5, true).build()), rows);
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource({
    "debezium-json, debezium-data-schema-exclude.txt",
    "canal-json, canal-data.txt",
    "maxwell-json, maxwell-data.txt"
  })
  void changelogSamplesReplayToTheFinalTableState(String format, String file) throws Exception {
    String topic = newTopic(format.replace("-json", "-replay"), 1);
    java.nio.file.Path data = CdcSamples.dir().resolve(file);
    for (String line : java.nio.file.Files.readAllLines(data)) {
      if (!line.isBlank()) {
        producer.send(topic, 0, null, null, line);
      }
    }
    producer.flush();
    Schema products =
        Schema.builder()
            .addNullableField("id", FieldType.INT32)
            .addNullableField("name", FieldType.STRING)
            .addNullableField("description", FieldType.STRING)
            .addNullableField("weight", FieldType.FLOAT)
            .build();
    String tableKey = format.equals("debezium-json") ? "value.source.table" : "value.table";
    List<Row> rows =
        runBounded(
            bounded(topic)
                .withOption("format", format)
                .withOption("metadata.list", "offset")
                .withMetadataColumn("kind", "value.row-kind")
                .withMetadataColumn("tbl", tableKey)
                .withSchema(products));
    String expectedTable =
        format.equals("maxwell-json")
            ? "product"
            : format.equals("canal-json") ? "products2" : "products";
    for (Row row : rows) {
      assertEquals(expectedTable, row.getString("tbl"), "format metadata " + tableKey);
    }
    // Fold in log order; -U (before images) do not change a latest-per-key view.
    List<Row> ordered = new java.util.ArrayList<>(rows);
    ordered.sort(java.util.Comparator.comparingLong((Row r) -> r.getInt64("offset")));
    Map<Integer, String> table = new java.util.TreeMap<>();
    for (Row row : ordered) {
      String kind = row.getString("kind");
      int id = row.getInt32("id");
      switch (kind) {
        case "+I":
        case "+U":
          table.put(id, row.getString("name") + " " + row.getFloat("weight"));
          break;
        case "-D":
          table.remove(id);
          break;
        case "-U":
          break;
        default:
          throw new AssertionError("unknown row kind " + kind);
      }
    }
    assertEquals(
        new java.util.TreeMap<>(
            format.equals("debezium-json")
                ? CdcSamples.DEBEZIUM_FINAL
                : CdcSamples.CANAL_MAXWELL_FINAL),
        table);
  }
}
