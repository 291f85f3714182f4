package dev.kafkaconnector.io;

import dev.kafkaconnector.io.infer.DeclaredSchemas;
import java.util.Optional;

/**
 * Apache Beam transforms for Kafka with the option keys of Flink's Kafka SQL connector.
 *
 * <pre>{@code
 * PCollection<Row> rows =
 *     pipeline.apply(
 *         KafkaConnectorIO.read()
 *             .withOptions(Map.of(
 *                 "properties.bootstrap.servers", "localhost:9092",
 *                 "topic", "orders",
 *                 "scan.startup.mode", "earliest-offset",
 *                 "format", "raw",
 *                 "metadata.list", "partition,offset,timestamp"))
 *             .withSchema(Schema.builder().addStringField("line").build()));
 * }</pre>
 *
 * <p>Options are validated when the transform is applied; an unknown key or a bad value fails with
 * a message that names the key. See the README for the option reference.
 */
public final class KafkaConnectorIO {
  private KafkaConnectorIO() {}

  /** A source that reads Kafka records as rows. */
  public static KafkaConnectorRead read() {
    return KafkaConnectorRead.create();
  }

  /**
   * The schema that {@link #read()} with these options and without {@code withSchema} outputs: the
   * key's inferred columns (with {@code key.format = json}), then the value's ({@code json}), then
   * the metadata columns, inferred from the latest {@code scan.max.pre.fetch.records} records
   * (default 50) of each partition, read with the source's own {@code properties.*}. The rules are
   * the README's; every column is nullable.
   *
   * <p>With {@code 'format' = 'avro-confluent'} nothing is sampled: the columns are those of the
   * latest schema of the subject ({@code avro-confluent.subject}, or {@code <topic>-value}) in the
   * schema registry.
   *
   * <p>This contacts the cluster. The result depends on the data at the time: a job that must keep
   * one schema across restarts should pass it to {@code withSchema}.
   *
   * @throws IllegalArgumentException naming the option key when the options are invalid or do not
   *     allow inference, or naming the topic when it holds no record to infer from
   */
  public static org.apache.beam.sdk.schemas.Schema inferSchema(
      java.util.Map<String, String> options) {
    Optional<org.apache.beam.sdk.schemas.Schema> declared = DeclaredSchemas.of(options);
    if (declared.isPresent()) {
      return declared.get();
    }
    return dev.kafkaconnector.io.infer.SchemaInferrer.infer(
            new java.util.LinkedHashMap<>(options),
            java.util.List.of(),
            new dev.kafkaconnector.io.infer.KafkaRecordSampler())
        .outputSchema();
  }

  /**
   * Folds an upsert table's changelog (read with {@code 'connector' = 'upsert-kafka'} and the
   * metadata columns {@code row-kind}, {@code offset}, {@code partition}) into its current rows.
   */
  public static LatestPerKey latestPerKey(String... primaryKey) {
    return new LatestPerKey(java.util.List.of(primaryKey));
  }

  /**
   * The change-stream source: change events of many tables (debezium-json by default, canal-json,
   * maxwell-json, or json), with schemas inferred as records arrive and schema-change events when a
   * table widens. See {@link KafkaConnectorReadChanges}.
   */
  public static KafkaConnectorReadChanges readChanges() {
    return KafkaConnectorReadChanges.create();
  }

  /** A sink that writes rows as Kafka records (at-least-once by default). */
  public static KafkaConnectorWrite write() {
    return KafkaConnectorWrite.create();
  }

  /**
   * The CDC sink: writes change events of many tables ({@code PCollection<ChangeEvent>}) as
   * debezium-json, canal-json or canal-protobuf messages, each table to its topic (at-least-once by
   * default).
   *
   * <pre>{@code
   * changes.apply(
   *     KafkaConnectorIO.writeChanges()
   *         .withOptions(Map.of(
   *             "properties.bootstrap.servers", "localhost:9092",
   *             "value.format", "canal-json",
   *             "sink.tableId-to-topic.mapping", "mydb.mytable1,mydb.mytable2:mytable",
   *             "partition.strategy", "hash-by-key")));
   * }</pre>
   */
  public static KafkaConnectorWriteChanges writeChanges() {
    return KafkaConnectorWriteChanges.create();
  }
}
