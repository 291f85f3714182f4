package dev.kafkaconnector.io.sink;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.*;

import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.ClientProperties;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.OptionKeys;
import dev.kafkaconnector.io.common.UpsertTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Validates the options of a sink against its input schema when it is applied and turns them into a
 * {@link SinkSpec} and a {@link RowRecordEncoder}. Every error names the option key (and the
 * column) and what was expected.
 */
public final class SinkOptionsParser {
  /** The writable metadata key of a row's change kind. */
  public static final String ROW_KIND = FormatMetadata.ROW_KIND;

  private SinkOptionsParser() {}

  /** The result, with warnings to log when the sink is applied. */
  public record ParsedSink(SinkSpec spec, RowRecordEncoder encoder, List<String> warnings) {}

  /**
   * Parses {@code options} for rows of {@code input}.
   *
   * @param typedMetadata metadata columns declared with {@code withMetadataColumn}
   * @throws IllegalArgumentException naming the offending key or column
   */
  public static ParsedSink parse(
      String sinkId,
      Map<String, String> options,
      Schema input,
      List<MetadataColumn> typedMetadata) {
    return parse(sinkId, options, input, typedMetadata, List.of());
  }

  /**
   * Parses the options of a sink with a primary key ({@code 'connector' = 'upsert-kafka'}).
   *
   * @param primaryKey the primary key columns, empty for a plain kafka table
   */
  public static ParsedSink parse(
      String sinkId,
      Map<String, String> givenOptions,
      Schema input,
      List<MetadataColumn> typedMetadata,
      List<String> primaryKey) {
    Map<String, String> options = UpsertTable.apply(givenOptions, primaryKey, false);
    FormatSelection formats = new FormatSelection(options);
    List<String> warnings = new ArrayList<>();
    SinkSpec spec = spec(sinkId, options, formats, warnings);
    Map<String, String> metadata =
        SinkMetadataColumns.of(Configuration.of(options), typedMetadata, input, formats);
    checkTopicOnce(spec.topic(), metadata);
    RowRecordEncoder encoder =
        SinkEncoders.create(spec.topic(), formats, input, metadata, warnings, spec.upsert());
    return new ParsedSink(spec, encoder, List.copyOf(warnings));
  }

  /**
   * Checks what does not depend on the input rows: option keys, client settings, topic, delivery
   * guarantee, partitioner, parallelism and buffering.
   *
   * @param primaryKey the primary key columns, empty for a plain kafka table
   * @throws IllegalArgumentException naming the offending key
   */
  public static void checkOptions(Map<String, String> givenOptions, List<String> primaryKey) {
    Map<String, String> options = UpsertTable.apply(givenOptions, primaryKey, false);
    spec("unapplied", options, new FormatSelection(options), new ArrayList<>());
  }

  /** The settings of the sink, from the options alone. */
  private static SinkSpec spec(
      String sinkId, Map<String, String> options, FormatSelection formats, List<String> warnings) {
    Configuration conf = Configuration.of(options);
    boolean upsert = isUpsert(conf);
    checkKeys(options, formats);
    Map<String, String> client = clientProperties(conf);
    String topic = singleTopic(conf);
    DeliveryGuarantee guarantee = conf.get(SINK_DELIVERY_GUARANTEE);
    String prefix = transactionalIdPrefix(conf, client, warnings);
    String partitioner = conf.get(SINK_PARTITIONER);
    Partitioners.of(partitioner); // fails now, naming the key and class, if it cannot be made
    Integer parallelism = parallelism(conf);
    long bufferRows = conf.get(SINK_BUFFER_FLUSH_MAX_ROWS);
    java.time.Duration bufferInterval = conf.get(SINK_BUFFER_FLUSH_INTERVAL);
    checkBuffer(bufferRows, bufferInterval, upsert, guarantee, warnings);
    if (upsert) {
      rejectChangelogFormat(formats);
    }
    return new SinkSpec(
        sinkId,
        client,
        topic,
        partitioner,
        guarantee,
        parallelism,
        upsert,
        bufferRows,
        bufferInterval,
        prefix);
  }

  /** Option 'topic' of a sink, which names one topic (or none). */
  private static @Nullable String singleTopic(Configuration conf) {
    String topic = conf.get(SINK_TOPIC);
    if (topic != null && topic.contains(";")) {
      throw new IllegalArgumentException(
          "Option 'topic' of a sink names one topic, not a list: '" + topic + "'");
    }
    return topic;
  }

  /** The topic comes from option 'topic' or from a 'topic' metadata column: exactly one. */
  private static void checkTopicOnce(@Nullable String topic, Map<String, String> metadata) {
    if (topic == null && !metadata.containsValue(MetadataKey.TOPIC.key())) {
      throw new IllegalArgumentException(
          "Option 'topic' is required, unless the input has a writable 'topic' metadata column"
              + " (metadata.list = 'topic' or withMetadataColumn(column, \"topic\"))");
    }
    if (topic != null && metadata.containsValue(MetadataKey.TOPIC.key())) {
      throw new IllegalArgumentException(
          "Option 'topic' is set and the input also has a 'topic' metadata column; set one of"
              + " them");
    }
  }

  /**
   * The upsert buffer's options: not negative, upsert-kafka only, both or neither; a warning when
   * exactly-once makes them useless.
   */
  private static void checkBuffer(
      long bufferRows,
      java.time.Duration bufferInterval,
      boolean upsert,
      DeliveryGuarantee guarantee,
      List<String> warnings) {
    if (bufferRows < 0 || bufferInterval.isNegative()) {
      throw new IllegalArgumentException(
          "Options 'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must not be"
              + " negative");
    }
    if (!upsert && (bufferRows > 0 || !bufferInterval.isZero())) {
      throw new IllegalArgumentException(
          "Options 'sink.buffer-flush.max-rows' / 'sink.buffer-flush.interval' need 'connector' ="
              + " 'upsert-kafka'");
    }
    if ((bufferRows > 0) != !bufferInterval.isZero()) {
      throw new IllegalArgumentException(
          "Options 'sink.buffer-flush.max-rows' and 'sink.buffer-flush.interval' must be set"
              + " together (both > 0) to buffer upsert rows");
    }
    if (guarantee == DeliveryGuarantee.EXACTLY_ONCE && bufferRows > 0) {
      warnings.add(
          "Options 'sink.buffer-flush.max-rows' / 'sink.buffer-flush.interval' have no effect with"
              + " 'sink.delivery-guarantee' = 'exactly-once': its records are written once per"
              + " checkpoint, in one transaction per shard");
    }
  }

  /** An upsert-kafka table writes changes as key + value (or tombstone), not as changelog. */
  private static void rejectChangelogFormat(FormatSelection formats) {
    if (formats.valueFormat().readableMetadata().stream().anyMatch(m -> m.key().equals(ROW_KIND))) {
      throw new IllegalArgumentException(
          "Value format '"
              + formats.valueFormat().identifier()
              + "' is a changelog format;"
              + " an upsert-kafka table writes changes as key + value (or tombstone): use a plain"
              + " format such as json, or 'connector' = 'kafka' for a changelog topic");
    }
  }

  private static void checkKeys(Map<String, String> options, FormatSelection formats) {
    Set<String> sinkKeys = new HashSet<>();
    sinkOptions().forEach(o -> sinkKeys.add(o.key()));
    Set<String> sourceOnly = new HashSet<>();
    sourceOptions().forEach(o -> sourceOnly.add(o.key()));
    sourceOnly.removeAll(sinkKeys);
    OptionKeys.check(
        options,
        "sink",
        sinkOptions(),
        formats,
        key ->
            sourceOnly.contains(key)
                ? "Option '" + key + "' is an option of a Kafka source, not of a sink"
                : null);
  }

  /**
   * {@code sink.transactional-id-prefix}, checked against {@code sink.delivery-guarantee}: required
   * with exactly-once (and {@code properties.transactional.id} refused), a warning otherwise.
   */
  public static @Nullable String transactionalIdPrefix(
      Configuration conf, Map<String, String> client, List<String> warnings) {
    DeliveryGuarantee guarantee = conf.get(SINK_DELIVERY_GUARANTEE);
    String prefix = conf.get(SINK_TRANSACTIONAL_ID_PREFIX);
    if (guarantee == DeliveryGuarantee.EXACTLY_ONCE) {
      if (prefix == null || prefix.isBlank()) {
        throw new IllegalArgumentException(
            "Option 'sink.delivery-guarantee' is 'exactly-once', which requires"
                + " 'sink.transactional-id-prefix'");
      }
      if (client.containsKey("transactional.id")) {
        throw new IllegalArgumentException(
            "Option 'properties.transactional.id' cannot be set: the exactly-once sink makes its"
                + " ids from 'sink.transactional-id-prefix'");
      }
    } else if (prefix != null) {
      warnings.add(
          "Option 'sink.transactional-id-prefix' has no effect unless 'sink.delivery-guarantee'"
              + " is 'exactly-once'");
    }
    return prefix;
  }

  /** {@code sink.parallelism}, checked, or null. */
  public static @Nullable Integer parallelism(Configuration conf) {
    Long parallelism = conf.get(SINK_PARALLELISM);
    if (parallelism != null && (parallelism < 1 || parallelism > 100_000)) {
      throw new IllegalArgumentException(
          "Option 'sink.parallelism' must be between 1 and 100000, but is " + parallelism);
    }
    return parallelism == null ? null : parallelism.intValue();
  }

  /** The producer properties of the {@code properties.*} options, validated. */
  public static Map<String, String> clientProperties(Configuration conf) {
    Map<String, String> client =
        ClientProperties.fromOptions(
            conf,
            RESERVED_PRODUCER_PROPERTIES,
            "the connector writes keys and values as bytes encoded with 'key.format' /"
                + " 'value.format'");
    Map<String, Object> asProducer = new HashMap<>(client);
    asProducer.putAll(ProducerSettings.forced());
    ClientProperties.validate(asProducer, ProducerConfig.configDef());
    return client;
  }

  /** Producer settings the connector forces. */
  static final class ProducerSettings {
    /**
     * The producer's {@code batch.size} unless the user sets {@code properties.batch.size}: 64 KB,
     * where Kafka's default is 16 KB. A writer sends as fast as its input comes, and 16 KB batches
     * (80 records of 200 bytes) make the producer, its sender thread and the broker pay their
     * per-batch work four times as often; in the write benchmark (1M records of 200 bytes) 64 KB
     * took ours on Flink from 5.3 to 3.3 s and its CPU from 10.4 to 6.4 s. With {@code linger.ms}
     * left at 0 a batch is sent as soon as the sender is free, so a slow stream waits no longer.
     */
    static final int DEFAULT_BATCH_SIZE = 64 * 1024;

    private ProducerSettings() {}

    /** Settings of ours that the user's {@code properties.*} override. */
    static Map<String, Object> defaults() {
      return Map.of(ProducerConfig.BATCH_SIZE_CONFIG, DEFAULT_BATCH_SIZE);
    }

    static Map<String, Object> forced() {
      Map<String, Object> forced = new HashMap<>();
      forced.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
      forced.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
      return forced;
    }
  }
}
