package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.time.Duration;

/**
 * The declarations of the sink-only options (key, type, default, description), re-exported as
 * {@code KafkaConnectorOptions.SINK_*}: kept in a holder of their own so that {@link
 * KafkaConnectorOptions} stays readable. Use them through {@link KafkaConnectorOptions}.
 */
final class SinkOptionDeclarations {
  private SinkOptionDeclarations() {}

  static final ConfigOption<String> TOPIC =
      ConfigOption.string(
          "topic",
          "Topic to write to. When not set, each row's writable 'topic' metadata column names its"
              + " topic.");

  static final ConfigOption<String> METADATA_LIST =
      ConfigOption.string(
          "metadata.list",
          "Comma-separated writable metadata keys whose input columns (of the same name) are"
              + " written as record metadata instead of into the key or value: timestamp"
              + " (DATETIME), headers (MAP<STRING, BYTES>), topic (STRING), partition (INT32,"
              + " overrides the partitioner), row-kind (STRING +I/-U/+U/-D, for changelog value"
              + " formats).");

  static final ConfigOption<String> PARTITIONER =
      ConfigOption.string(
          "sink.partitioner",
          "default",
          "How records are mapped to partitions: default (Kafka's partitioner: by key hash,"
              + " sticky without key), fixed (each writer instance writes to one partition, its"
              + " index modulo the partition count), round-robin, or the class name of a"
              + " dev.kafkaconnector.io.sink.KafkaPartitioner.");

  static final ConfigOption<DeliveryGuarantee> DELIVERY_GUARANTEE =
      ConfigOption.enumValue(
          "sink.delivery-guarantee",
          DeliveryGuarantee.class,
          DeliveryGuarantee.AT_LEAST_ONCE,
          "none (records are sent without waiting for acknowledgements), at-least-once (every"
              + " record is acknowledged before its bundle, and so the checkpoint, completes; a"
              + " failed send fails the bundle) or exactly-once (Kafka transactions; requires"
              + " sink.transactional-id-prefix).");

  static final ConfigOption<String> TRANSACTIONAL_ID_PREFIX =
      ConfigOption.string(
          "sink.transactional-id-prefix",
          "Prefix of the transactional ids of an exactly-once sink; required with"
              + " sink.delivery-guarantee exactly-once.");

  static final ConfigOption<Long> PARALLELISM =
      ConfigOption.longValue(
          "sink.parallelism",
          "Number of writer instances. When set, rows are spread over that many writers (their"
              + " instance indexes are what 'fixed' and 'round-robin' use); by default the writers"
              + " run where the rows are.");

  static final ConfigOption<Long> BUFFER_FLUSH_MAX_ROWS =
      ConfigOption.longValue(
          "sink.buffer-flush.max-rows",
          0L,
          "upsert-kafka only: buffer up to this many rows per writer and write only the latest row"
              + " of each key; requires sink.buffer-flush.interval too. 0 disables buffering.");

  static final ConfigOption<Duration> BUFFER_FLUSH_INTERVAL =
      ConfigOption.duration(
          "sink.buffer-flush.interval",
          "0",
          "upsert-kafka only: the longest a row stays in the buffer of sink.buffer-flush.max-rows"
              + " (the buffer is also written when a bundle completes). 0 disables buffering.");
}
