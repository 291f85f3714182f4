package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.schema.SqlType;
import java.util.HashMap;
import java.util.Map;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code KafkaConnectorIO.inferSchema} against the real broker: one topic with mixed messages in
 * two partitions (an integer and a double in one field, missing fields, nested objects, arrays,
 * dates and timestamps as strings, JSON and non-JSON keys) gives the expected schema for each
 * option combination; an empty topic is an error naming it. No pipeline runs here.
 */
class SchemaInferenceIT extends ReadITSupport {
  static String mixed;

  @Override
  protected PipelineOptions boundedOptions() {
    throw new UnsupportedOperationException("no pipelines here");
  }

  @Override
  protected PipelineOptions streamingOptions() {
    throw new UnsupportedOperationException("no pipelines here");
  }

  @BeforeAll
  static void writeMixedTopic() {
    mixed = KAFKA.newTopicName("infer-mixed");
    KAFKA.createTopic(mixed, 2);
    producer.send(
        mixed,
        0,
        null,
        "{\"k\": 1}",
        "{\"id\": 1, \"price\": 10, \"name\": \"a\", \"created\": \"2024-01-01 10:00:00\","
            + " \"day\": \"2024-01-01\", \"nested\": {\"col\": true, \"deep\": {\"x\": 1}},"
            + " \"tags\": [\"a\", \"b\"]}");
    producer.send(
        mixed,
        0,
        null,
        "{\"k\": 2}",
        "{\"id\": 3, \"price\": 11, \"name\": \"c\", \"day\": \"2024-01-03\"}");
    producer.send(
        mixed,
        1,
        null,
        "not-json",
        "{\"id\": 2, \"price\": 10.5, \"created\": \"2024-01-02 11:00:00.5\","
            + " \"day\": \"2024-01-02\", \"nested\": {\"col\": false}, \"extra\": null}");
    producer.send(mixed, 1, null, null, "not json at all");
    producer.flush();
  }

  static Map<String, String> options(String... more) {
    Map<String, String> o = new HashMap<>();
    o.put("properties.bootstrap.servers", KAFKA.bootstrapServers());
    o.put("topic", mixed);
    o.put("format", "json");
    o.put("scan.startup.mode", "earliest-offset");
    for (int i = 0; i < more.length; i += 2) {
      o.put(more[i], more[i + 1]);
    }
    return o;
  }

  static String sql(Schema schema) {
    StringBuilder out = new StringBuilder();
    for (Schema.Field f : schema.getFields()) {
      out.append(out.length() > 0 ? ", " : "")
          .append(f.getName())
          .append(' ')
          .append(SqlType.toSql(f.getType()));
    }
    return out.toString();
  }

  @Test
  void defaults() {
    assertEquals(
        "created TIMESTAMP, day DATE, extra STRING, id BIGINT, name STRING, nested STRING,"
            + " price DOUBLE, tags STRING",
        sql(KafkaConnectorIO.inferSchema(options())));
  }

  @Test
  void flattenedNestedColumns() {
    assertEquals(
        "created TIMESTAMP, day DATE, extra STRING, id BIGINT, name STRING, nested.col BOOLEAN,"
            + " nested.deep.x BIGINT, price DOUBLE, tags STRING",
        sql(
            KafkaConnectorIO.inferSchema(
                options("json.infer-schema.flatten-nested-columns.enable", "true"))));
  }

  @Test
  void primitivesAsStringAndNoStringTypeInference() {
    assertEquals(
        "created STRING, day STRING, extra STRING, id STRING, name STRING, nested STRING,"
            + " price STRING, tags STRING",
        sql(KafkaConnectorIO.inferSchema(options("infer-schema.primitive-as-string", "true"))));
    assertEquals(
        "created STRING, day STRING, extra STRING, id BIGINT, name STRING, nested STRING,"
            + " price DOUBLE, tags STRING",
        sql(
            KafkaConnectorIO.inferSchema(
                options("value.json.infer-schema.string-type-inference", "false"))));
  }

  @Test
  void fixedTypesAndMetadata() {
    assertEquals(
        "created TIMESTAMP, day DATE, extra STRING, id STRING, name STRING, nested STRING,"
            + " price DECIMAL, tags STRING, partition INT NOT NULL, offset BIGINT NOT NULL",
        sql(
            KafkaConnectorIO.inferSchema(
                options(
                    "json.infer-schema.fixed-types",
                    "id STRING, price DECIMAL(10, 2)",
                    "metadata.list",
                    "partition,offset"))));
  }

  @Test
  void keyColumnsFirstWithPrefixesAndTheRawKeyColumn() {
    assertEquals(
        "key_k BIGINT, key_raw BYTES, value_created TIMESTAMP, value_day DATE, value_extra STRING,"
            + " value_id BIGINT, value_name STRING, value_nested STRING, value_price DOUBLE,"
            + " value_tags STRING",
        sql(
            KafkaConnectorIO.inferSchema(
                options(
                    "key.format",
                    "json",
                    "key.fields-prefix",
                    "key_",
                    "value.fields-prefix",
                    "value_",
                    "infer-schema.parse-key-error.field-name",
                    "raw"))));
  }

  @Test
  void onlyTheLatestRecordsOfEachPartitionAreSampled() {
    // The last record of partition 0 and of partition 1 (which is not JSON).
    assertEquals(
        "day DATE, id BIGINT, name STRING, price BIGINT",
        sql(KafkaConnectorIO.inferSchema(options("scan.max.pre.fetch.records", "1"))));
  }

  @Test
  void anEmptyTopicIsAnErrorNamingIt() {
    String empty = newTopic("infer-empty", 2);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> KafkaConnectorIO.inferSchema(options("topic", empty)));
    assertMessageContains(e, "topic=" + empty + " has no records");
    assertMessageContains(e, "scan.max.pre.fetch.records");
  }

  @Test
  void secretsStayOutOfTheErrors() {
    String empty = newTopic("infer-secret", 1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                KafkaConnectorIO.inferSchema(
                    options("topic", empty, "properties.ssl.key.password", "hunter2-secret")));
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t);
    }
    assertEquals(-1, all.indexOf("hunter2-secret"), all.toString());
  }
}
