package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.time.Duration;

/**
 * The declarations of the source-only options of topics, start and stop positions, partition
 * discovery, header filter and watermarks (key, type, default, description), re-exported under the
 * same names by {@link KafkaConnectorOptions}: kept in a holder of their own so that {@link
 * KafkaConnectorOptions} stays readable. Use them through {@link KafkaConnectorOptions}.
 */
final class SourceOptionDeclarations {
  private SourceOptionDeclarations() {}

  static final ConfigOption<String> TOPIC =
      ConfigOption.string(
          "topic",
          "Topic to read, or several separated by ';' ('topic-1;topic-2'). Set this or"
              + " topic-pattern, not both.");

  static final ConfigOption<String> TOPIC_PATTERN =
      ConfigOption.string(
          "topic-pattern",
          "Java regular expression; every topic whose whole name matches is read, including"
              + " topics created later (see scan.topic-partition-discovery.interval).");

  static final ConfigOption<StartupMode> SCAN_STARTUP_MODE =
      ConfigOption.enumValue(
          "scan.startup.mode",
          StartupMode.class,
          StartupMode.GROUP_OFFSETS,
          "Where a fresh job starts: earliest-offset, latest-offset, group-offsets (committed"
              + " offsets of properties.group.id, else properties.auto.offset.reset), timestamp,"
              + " specific-offsets. A job restored from a checkpoint continues from its"
              + " checkpointed offsets instead.");

  static final ConfigOption<String> SCAN_STARTUP_SPECIFIC_OFFSETS =
      ConfigOption.string(
          "scan.startup.specific-offsets",
          "Start offsets for 'specific-offsets', as 'partition:0,offset:42;partition:1,offset:300'."
              + " Partitions not listed start as group-offsets would.");

  static final ConfigOption<Long> SCAN_STARTUP_TIMESTAMP_MILLIS =
      ConfigOption.longValue(
          "scan.startup.timestamp-millis",
          "Start time in epoch milliseconds for 'timestamp'. A partition with no record at or"
              + " after it starts at its end.");

  static final ConfigOption<Duration> SCAN_PARTITION_DISCOVERY_INTERVAL =
      ConfigOption.duration(
          "scan.topic-partition-discovery.interval",
          "5 min",
          "How often new partitions of the subscribed topics, and new topics matching"
              + " topic-pattern, are looked for; they are read from their earliest offset. Zero or"
              + " negative disables discovery.");

  static final ConfigOption<String> SCAN_HEADER_FILTER =
      ConfigOption.string(
          "scan.header-filter",
          "Keeps only records whose headers match, for example 'depart:toy|depart:book&!env:test':"
              + " 'key:value' conditions, '!' negates, '|' and '&' evaluated strictly left to"
              + " right without precedence or parentheses, values compared as UTF-8.");

  static final ConfigOption<Boolean> SCAN_CHECK_DUPLICATED_GROUP_ID =
      ConfigOption.bool(
          "scan.check.duplicated.group.id",
          false,
          "When true the job fails at start if properties.group.id already has active members.");

  static final ConfigOption<BoundedMode> SCAN_BOUNDED_MODE =
      ConfigOption.enumValue(
          "scan.bounded.mode",
          BoundedMode.class,
          BoundedMode.UNBOUNDED,
          "Where a finite read stops: unbounded (never), latest-offset (the end offsets seen at"
              + " start), group-offsets (committed offsets), timestamp, specific-offsets. A"
              + " bounded read gives a bounded PCollection.");

  static final ConfigOption<Long> SCAN_BOUNDED_TIMESTAMP_MILLIS =
      ConfigOption.longValue(
          "scan.bounded.timestamp-millis",
          "Stop time in epoch milliseconds for scan.bounded.mode 'timestamp' (records before it"
              + " are read).");

  static final ConfigOption<String> SCAN_BOUNDED_SPECIFIC_OFFSETS =
      ConfigOption.string(
          "scan.bounded.specific-offsets",
          "Stop offsets (exclusive) for scan.bounded.mode 'specific-offsets', as"
              + " 'partition:0,offset:42;partition:1,offset:300'. Partitions not listed stop at"
              + " the end offsets seen at start.");

  static final ConfigOption<WatermarkStrategy> SCAN_WATERMARK_STRATEGY =
      ConfigOption.enumValue(
          "scan.watermark.strategy",
          WatermarkStrategy.class,
          WatermarkStrategy.EVENT_TIME,
          "Output timestamps and watermark: event-time (record timestamps; the watermark trails"
              + " the highest one seen by scan.watermark.max-out-of-orderness), log-append-time"
              + " (record timestamps that the broker set, message.timestamp.type LogAppendTime; a"
              + " CreateTime record fails the job), processing-time (the time each record is"
              + " read).");

  static final ConfigOption<Duration> SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS =
      ConfigOption.duration(
          "scan.watermark.max-out-of-orderness",
          "5 s",
          "How far record timestamps of a partition may go back behind the highest one seen"
              + " without being late (like Flink's WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)."
              + " Later records are counted in kafka-connector:records-late.");

  static final ConfigOption<String> SCAN_WATERMARK_COLUMN =
      ConfigOption.string(
          "scan.watermark.column",
          "A TIMESTAMP or TIMESTAMP_LTZ column (physical or metadata) whose value is each row's"
              + " event time instead of the record timestamp, as Flink's WATERMARK FOR col AS col"
              + " - INTERVAL 'n' unit: output timestamps are the column's values and the watermark"
              + " trails the highest one seen per partition by scan.watermark.max-out-of-orderness."
              + " Needs scan.watermark.strategy 'event-time'. A row whose column is null is a bad"
              + " record.");

  static final ConfigOption<Duration> SCAN_WATERMARK_IDLE_TIMEOUT =
      ConfigOption.duration(
          "scan.watermark.idle-timeout",
          "0",
          "A partition that has been caught up and without new records for this long stops"
              + " holding the watermark back: its watermark moves to the wall clock less"
              + " scan.watermark.max-out-of-orderness (records it gets later with older"
              + " timestamps may be late). 0 (the default, as in Flink) disables it, so an empty"
              + " partition holds event-time windows back.");
}
