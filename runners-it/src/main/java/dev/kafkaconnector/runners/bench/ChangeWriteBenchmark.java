package dev.kafkaconnector.runners.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.flink.ForkedJvm;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.io.GenerateSequence;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Throughput of the CDC sink: N change events of three tables (5 columns each; every fourth event
 * an update with both images, every tenth a delete), written by {@code writeChanges()}
 * (debezium-json, key json, hash-by-key, at-least-once, acks=all) to one 4-partition topic, on
 * embedded Flink (parallelism 2) and on the DirectRunner (checks off), against a plain {@code
 * KafkaProducer} sending the same records (the same Debezium JSON and key, built with Jackson per
 * event) in the same JVM. One warm-up run per case, then {@code --runs} measured runs (median).
 * Every run's topic must hold exactly N records afterwards.
 *
 * <pre>
 * MAVEN_OPTS=-Xmx4g mvn -B -q -o -pl runners-it exec:java \
 *   -Dexec.mainClass=dev.kafkaconnector.runners.bench.ChangeWriteBenchmark \
 *   -Dexec.args="--records=1000000 --runs=1"
 * </pre>
 */
public final class ChangeWriteBenchmark {
  private static final int PARTITIONS = 4;
  static final Schema SCHEMA =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("description", FieldType.STRING)
          .addNullableField("qty", FieldType.INT32)
          .addNullableField("price", FieldType.DOUBLE)
          .build();
  static final List<TableId> TABLES =
      List.of(
          TableId.of("inventory", "products"),
          TableId.of("inventory", "orders"),
          TableId.of("inventory", "customers"));

  private final EmbeddedKafkaCluster kafka;
  private final long records;
  private int topics;

  private ChangeWriteBenchmark(EmbeddedKafkaCluster kafka, long records) {
    this.kafka = kafka;
    this.records = records;
  }

  public static void main(String[] args) throws Exception {
    String isolated = ForkedJvm.isolatedClassPath(ChangeWriteBenchmark.class);
    if (isolated != null) {
      System.exit(ForkedJvm.run(ChangeWriteBenchmark.class, isolated, args));
      return;
    }
    System.setProperty("org.slf4j.simpleLogger.log.org.apache.flink", "error");
    Map<String, String> a = new HashMap<>();
    for (String arg : args) {
      String[] kv = arg.replaceFirst("^--", "").split("=", 2);
      a.put(kv[0], kv.length > 1 ? kv[1] : "true");
    }
    long records = Long.parseLong(a.getOrDefault("records", "1000000"));
    int runs = Integer.parseInt(a.getOrDefault("runs", "1"));
    System.out.printf(
        Locale.ROOT,
        "CDC write benchmark: %,d change events, %d partitions%n",
        records,
        PARTITIONS);
    Map<String, Double> median = new HashMap<>();
    try (EmbeddedKafkaCluster kafka = EmbeddedKafkaCluster.inJvm().start()) {
      ChangeWriteBenchmark bench = new ChangeWriteBenchmark(kafka, records);
      for (String name : List.of("plain-producer", "ours-flink", "ours-direct")) {
        bench.runOnce(name); // warm-up
        double[] seconds = new double[runs];
        for (int i = 0; i < runs; i++) {
          seconds[i] = bench.runOnce(name);
        }
        java.util.Arrays.sort(seconds);
        median.put(name, seconds[runs / 2]);
        System.out.printf(
            Locale.ROOT,
            "%-15s median %6.2f s  %,12.0f events/s%n",
            name,
            seconds[runs / 2],
            records / seconds[runs / 2]);
      }
    }
    for (String ours : List.of("ours-flink", "ours-direct")) {
      System.out.printf(
          Locale.ROOT,
          "%s / plain-producer throughput: %.2fx%n",
          ours,
          median.get("plain-producer") / median.get(ours));
    }
  }

  private double runOnce(String name) throws Exception {
    String topic = "cdc-write-bench-" + (topics++);
    kafka.createTopic(topic, PARTITIONS);
    long start = System.nanoTime();
    switch (name) {
      case "plain-producer" -> plainProducer(topic);
      case "ours-flink" -> pipeline(PipelineRunners.flink("[local]", 2, true), topic);
      case "ours-direct" -> pipeline(PipelineRunners.direct(true, false), topic);
      default -> throw new IllegalArgumentException(name);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long written = count(topic);
    if (written != records) {
      throw new IllegalStateException(name + " wrote " + written + " records, expected " + records);
    }
    return seconds;
  }

  /** Event {@code i}: its table, an update every fourth, a delete every tenth. */
  static DataChangeEvent event(long i) {
    TableId table = TABLES.get((int) (i % TABLES.size()));
    long id = i / 3;
    Row after =
        Row.withSchema(SCHEMA)
            .addValues(id, "name-" + id, "a description of item " + id, (int) (i % 100), i * 0.25)
            .build();
    if (i % 10 == 9) {
      return DataChangeEvent.delete(table, after, 0).withPrimaryKey(List.of("id"));
    }
    if (i % 4 == 3) {
      Row before =
          Row.withSchema(SCHEMA)
              .addValues(id, "name-" + id, "a description of item " + id, 0, 0.0)
              .build();
      return DataChangeEvent.update(table, before, after, 0).withPrimaryKey(List.of("id"));
    }
    return DataChangeEvent.insert(table, after, 0).withPrimaryKey(List.of("id"));
  }

  private void plainProducer(String topic) throws Exception {
    ObjectMapper json = new ObjectMapper();
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                kafka.bootstrapServers(),
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class))) {
      for (long i = 0; i < records; i++) {
        DataChangeEvent e = event(i);
        ObjectNode value = json.createObjectNode();
        value.set("before", image(json, e.before()));
        value.set("after", image(json, e.after()));
        value.put(
            "op",
            switch (e.op()) {
              case INSERT -> "c";
              case UPDATE -> "u";
              case DELETE -> "d";
            });
        value
            .putObject("source")
            .put("db", e.tableId().schemaName())
            .put("table", e.tableId().tableName());
        Row image = e.after() != null ? e.after() : e.before();
        byte[] key =
            ("{\"TableId\":\"" + e.tableId() + "\",\"id\":" + image.getInt64("id") + "}")
                .getBytes(StandardCharsets.UTF_8);
        producer.send(new ProducerRecord<>(topic, key, json.writeValueAsBytes(value)));
      }
      producer.flush();
    }
  }

  private static com.fasterxml.jackson.databind.JsonNode image(ObjectMapper json, Row row) {
    if (row == null) {
      return json.nullNode();
    }
    ObjectNode node = json.createObjectNode();
    node.put("id", row.getInt64("id"));
    node.put("name", row.getString("name"));
    node.put("description", row.getString("description"));
    node.put("qty", row.getInt32("qty"));
    node.put("price", row.getDouble("price"));
    return node;
  }

  private void pipeline(PipelineOptions options, String topic) {
    Pipeline pipeline = Pipeline.create(options);
    pipeline
        .apply(GenerateSequence.from(0).to(records))
        .apply(ParDo.of(new ToEvent()))
        .setCoder(ChangeEventCoder.of(List.of(SCHEMA)))
        .apply(
            KafkaConnectorIO.writeChanges()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers",
                        kafka.bootstrapServers(),
                        "properties.acks",
                        "all",
                        "topic",
                        topic,
                        "partition.strategy",
                        "hash-by-key")));
    PipelineResult result = pipeline.run();
    if (result.waitUntilFinish() != PipelineResult.State.DONE) {
      throw new IllegalStateException("job ended " + result.getState());
    }
  }

  static final class ToEvent extends DoFn<Long, ChangeEvent> {
    @ProcessElement
    public void process(@Element Long i, OutputReceiver<ChangeEvent> out) {
      out.output(event(i));
    }
  }

  private long count(String topic) throws Exception {
    Map<TopicPartition, OffsetSpec> query = new HashMap<>();
    for (int p = 0; p < PARTITIONS; p++) {
      query.put(new TopicPartition(topic, p), OffsetSpec.latest());
    }
    try (Admin admin = Admin.create(kafka.adminProperties())) {
      long sum = 0;
      for (var info : admin.listOffsets(query).all().get().values()) {
        sum += info.offset();
      }
      return sum;
    }
  }
}
