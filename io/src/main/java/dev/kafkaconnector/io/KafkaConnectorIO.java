package dev.kafkaconnector.io;

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
   * Folds an upsert table's changelog (read with {@code 'connector' = 'upsert-kafka'} and the
   * metadata columns {@code row-kind}, {@code offset}, {@code partition}) into its current rows.
   */
  public static LatestPerKey latestPerKey(String... primaryKey) {
    return new LatestPerKey(java.util.List.of(primaryKey));
  }

  /** A sink that writes rows as Kafka records (at-least-once by default). */
  public static KafkaConnectorWrite write() {
    return KafkaConnectorWrite.create();
  }
}
