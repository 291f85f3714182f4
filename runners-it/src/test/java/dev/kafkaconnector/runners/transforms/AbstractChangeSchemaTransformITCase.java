package dev.kafkaconnector.runners.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.runners.cdc.sink.WrittenChanges;
import dev.kafkaconnector.runners.read.CollectingSink;
import dev.kafkaconnector.runners.read.TestProducer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.beam.model.expansion.v1.ExpansionApi;
import org.apache.beam.model.pipeline.v1.RunnerApi;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The change-stream schema transforms {@code kafka_read_changes} and {@code kafka_write_changes}
 * through Beam's Java expansion service, as Beam YAML and Python reach them: listed by URN,
 * expanded by URN and configuration row from a client, then the same payloads run on this class's
 * runner against the real broker. Debezium messages of two tables come out as changelog rows per
 * table with their kinds (one table's columns declared, the other's inferred at expansion), a third
 * table's changes are not emitted, and an invalid message and a change with a column the declared
 * schema lacks come out on {@code errors}; changelog rows written by {@code kafka_write_changes}
 * are Debezium messages naming their table and keyed by the primary key, read back by a plain
 * consumer and by {@code kafka_read_changes}.
 */
abstract class AbstractChangeSchemaTransformITCase extends ExpansionServiceITSupport {
  static final String READ_CHANGES =
      "beam:schematransform:dev.kafkaconnector:kafka_read_changes:v1";
  static final String WRITE_CHANGES =
      "beam:schematransform:dev.kafkaconnector:kafka_write_changes:v1";
  private static final ObjectMapper JSON = new ObjectMapper();

  static final Schema PRODUCT_ROWS =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", Schema.FieldType.STRING)
          .addStringField("row_kind")
          .build();

  @Test
  void serviceListsTheChangeTransforms() {
    Map<String, ExpansionApi.SchemaTransformConfig> listed = client.discover();
    assertTrue(listed.containsKey(READ_CHANGES), () -> "not listed: " + listed.keySet());
    assertTrue(listed.containsKey(WRITE_CHANGES), () -> "not listed: " + listed.keySet());
    assertEquals(List.of(), listed.get(READ_CHANGES).getInputPcollectionNamesList());
    assertEquals(List.of("errors"), listed.get(READ_CHANGES).getOutputPcollectionNamesList());
    assertEquals(List.of("input"), listed.get(WRITE_CHANGES).getInputPcollectionNamesList());
    Schema read = ExpansionServiceClient.configSchema(listed.get(READ_CHANGES));
    for (String field : List.of("tables", "schemas", "value_format", "row_kind_column")) {
      assertTrue(read.hasField(field), () -> field + " not in " + read);
    }
  }

  private static String debezium(String table, String op, String before, String after) {
    return "{\"before\":"
        + before
        + ",\"after\":"
        + after
        + ",\"source\":{\"db\":\"shop\",\"table\":\""
        + table
        + "\"},\"op\":\""
        + op
        + "\"}";
  }

  @Test
  void debeziumChangesOfTwoTablesBecomeChangelogRowsPerTable() throws Exception {
    String topic = KAFKA.newTopicName("st-changes");
    KAFKA.createTopic(topic, 1);
    List<String> messages =
        List.of(
            debezium("products", "c", "null", "{\"id\":1,\"name\":\"apple\"}"),
            debezium("orders", "c", "null", "{\"order_id\":10,\"amount\":2.5}"),
            debezium(
                "products", "u", "{\"id\":1,\"name\":\"apple\"}", "{\"id\":1,\"name\":\"pear\"}"),
            debezium("products", "c", "null", "{\"id\":2,\"name\":\"fig\"}"),
            debezium("products", "d", "{\"id\":2,\"name\":\"fig\"}", "null"),
            debezium("audit", "c", "null", "{\"x\":1}"),
            "{\"before\": null, \"after\": ", // offset 6: not JSON
            debezium("products", "c", "null", "{\"id\":3,\"name\":\"kiwi\",\"weight\":0.5}"),
            debezium("orders", "c", "null", "{\"order_id\":11,\"amount\":3.0}"));
    try (TestProducer producer = new TestProducer(KAFKA.bootstrapServers())) {
      for (String message : messages) {
        producer.send(topic, 0, null, null, message);
      }
      producer.flush();
    }
    RunnerApi.FunctionSpec read = readChanges(topic, true);

    PCollectionTuple expanded = expandRemotely(read, null);
    assertEquals(Set.of("shop_products", "shop_orders", "errors"), tags(expanded));
    Schema products = expanded.get(new TupleTag<Row>("shop_products")).getSchema();
    assertEquals(PRODUCT_ROWS.getFieldNames(), products.getFieldNames());
    assertTrue(PRODUCT_ROWS.equivalent(products), () -> "products' schema " + products);
    Schema orders = expanded.get(new TupleTag<Row>("shop_orders")).getSchema();
    assertEquals(List.of("amount", "order_id", "row_kind"), sorted(orders.getFieldNames()));

    Map<String, List<Row>> out = run(read, "shop_products", "shop_orders", "errors");
    assertEquals(
        List.of("1|apple|+I", "1|apple|-U", "1|pear|+U", "2|fig|+I", "2|fig|-D"),
        texts(out.get("shop_products"), "id", "name", "row_kind"));
    assertEquals(
        List.of("10|2.5|+I", "11|3.0|+I"),
        texts(out.get("shop_orders"), "order_id", "amount", "row_kind"));
    List<Row> errors = out.get("errors");
    assertEquals(2, errors.size(), () -> "errors: " + errors);
    Row bad = errors.stream().filter(e -> e.getString("topic") != null).findFirst().orElseThrow();
    assertEquals(topic, bad.getString("topic"));
    assertEquals(0, bad.getInt32("partition"));
    assertEquals(6L, bad.getInt64("offset"));
    Row unfit = errors.stream().filter(e -> e.getString("topic") == null).findFirst().orElseThrow();
    assertTrue(
        unfit.getString("error_message").contains("'weight'")
            && unfit.getString("error_message").contains("shop.products"),
        () -> "reason: " + unfit.getString("error_message"));
    assertTrue(new String(unfit.getBytes("failed_row")).contains("kiwi"));
  }

  @Test
  void changelogRowsWrittenByKafkaWriteChangesAreDebeziumMessages() throws Exception {
    String topic = KAFKA.newTopicName("st-write-changes");
    KAFKA.createTopic(topic, 1);
    Map<String, ExpansionApi.SchemaTransformConfig> listed = client.discover();
    Row config =
        configRow(
            listed.get(WRITE_CHANGES),
            Map.of(
                "topic",
                topic,
                "bootstrap_servers",
                KAFKA.bootstrapServers(),
                "value_format",
                "debezium-json",
                "database",
                "shop",
                "table",
                "products",
                "primary_key",
                List.of("id"),
                "options",
                Map.of("properties.linger.ms", "0"),
                "error_handling",
                Map.of("output", "errors")));
    RunnerApi.FunctionSpec write = ExpansionServiceClient.spec(WRITE_CHANGES, config);
    List<Row> rows =
        List.of(
            Row.withSchema(PRODUCT_ROWS).addValues(1L, "apple", "+I").build(),
            Row.withSchema(PRODUCT_ROWS).addValues(2L, "fig", "+I").build(),
            Row.withSchema(PRODUCT_ROWS).addValues(1L, "pear", "+U").build(),
            Row.withSchema(PRODUCT_ROWS).addValues(2L, "fig", "-D").build());
    PCollectionTuple expanded = expandRemotely(write, rows);
    assertEquals(Set.of("errors"), tags(expanded));

    Pipeline pipeline = Pipeline.create(options());
    List<Row> all = new ArrayList<>(rows);
    all.add(Row.withSchema(PRODUCT_ROWS).addValues(9L, "bad", "??").build());
    PCollectionRowTuple errors =
        PCollectionRowTuple.of("input", pipeline.apply(Create.of(all).withRowSchema(PRODUCT_ROWS)))
            .apply("KafkaWriteChanges", transform(write));
    CollectingSink failed = new CollectingSink();
    errors.get("errors").apply("CollectErrors", failed);
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    assertEquals(1, failed.rows().size(), () -> "errors: " + failed.rows());
    assertEquals(9L, failed.rows().get(0).getRow("failed_row").getInt64("id"));
    assertTrue(failed.rows().get(0).getString("error_message").contains("'row_kind'"));

    // the messages: one per row, Debezium's op and images, the table, keyed by table id and id
    List<ConsumerRecord<byte[], byte[]>> records =
        WrittenChanges.readBack(KAFKA.bootstrapServers(), topic, rows.size());
    List<String> written = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> record : records) {
      JsonNode key = JSON.readTree(record.key());
      JsonNode value = JSON.readTree(record.value());
      assertEquals("shop.products", key.get("TableId").asText());
      assertEquals("shop", value.at("/source/db").asText());
      assertEquals("products", value.at("/source/table").asText());
      JsonNode image =
          value.get("op").asText().equals("d") ? value.get("before") : value.get("after");
      assertEquals(key.get("id").asLong(), image.get("id").asLong());
      written.add(
          value.get("op").asText() + ":" + image.get("id") + ":" + image.get("name").asText());
    }
    // +U without before image is written as an insert of its row, as Flink's debezium-json does
    assertEquals(
        List.of("c:1:apple", "c:1:pear", "c:2:fig", "d:2:fig"), written.stream().sorted().toList());

    // and kafka_read_changes reads them back as changelog rows
    Map<String, List<Row>> back = run(readChanges(topic, false), "shop_products");
    assertEquals(
        List.of("1|apple|+I", "1|pear|+I", "2|fig|+I", "2|fig|-D"),
        texts(back.get("shop_products"), "id", "name", "row_kind"));
  }

  /** A bounded kafka_read_changes of {@code topic}: products declared, orders inferred. */
  private static RunnerApi.FunctionSpec readChanges(String topic, boolean withOrders) {
    Map<String, ExpansionApi.SchemaTransformConfig> listed = client.discover();
    Map<String, Object> values = new java.util.HashMap<>();
    values.put("topic", topic);
    values.put("bootstrap_servers", KAFKA.bootstrapServers());
    values.put("group_id", "st-" + UUID.randomUUID());
    values.put("value_format", "debezium-json");
    values.put("scan_startup_mode", "earliest-offset");
    values.put("scan_bounded_mode", "latest-offset");
    values.put(
        "tables", withOrders ? List.of("shop.products", "shop.orders") : List.of("shop.products"));
    values.put("schemas", Map.of("shop.products", "id BIGINT NOT NULL, name STRING"));
    values.put("error_handling", Map.of("output", "errors"));
    return ExpansionServiceClient.spec(READ_CHANGES, configRow(listed.get(READ_CHANGES), values));
  }

  /** Runs {@code read} on this class's runner; the rows of {@code outputs}, by output. */
  private Map<String, List<Row>> run(RunnerApi.FunctionSpec read, String... outputs) {
    Pipeline pipeline = Pipeline.create(options());
    PCollectionRowTuple out =
        PCollectionRowTuple.empty(pipeline).apply("KafkaReadChanges", transform(read));
    Map<String, CollectingSink> sinks = new TreeMap<>();
    for (String output : outputs) {
      CollectingSink sink = new CollectingSink();
      out.get(output).apply("Collect_" + output, sink);
      sinks.put(output, sink);
    }
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    Map<String, List<Row>> rows = new TreeMap<>();
    sinks.forEach((output, sink) -> rows.put(output, sink.rows()));
    return rows;
  }

  /** Each row as its {@code fields} joined by '|', sorted. */
  private static List<String> texts(List<Row> rows, String... fields) {
    return rows.stream()
        .map(
            r ->
                java.util.Arrays.stream(fields)
                    .map(f -> String.valueOf((Object) r.getValue(f)))
                    .collect(Collectors.joining("|")))
        .sorted()
        .toList();
  }

  private static List<String> sorted(List<String> names) {
    return names.stream().sorted().toList();
  }
}
