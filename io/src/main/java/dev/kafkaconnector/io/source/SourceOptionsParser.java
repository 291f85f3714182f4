package dev.kafkaconnector.io.source;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.*;

import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.BoundedMode;
import dev.kafkaconnector.io.common.ClientProperties;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.OptionKeys;
import dev.kafkaconnector.io.common.StartupMode;
import dev.kafkaconnector.io.common.UpsertTable;
import dev.kafkaconnector.io.source.decode.DecoderFactory;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.io.source.decode.RecordDecoder;
import dev.kafkaconnector.io.source.filter.HeaderFilter;
import dev.kafkaconnector.io.source.reader.EventTimeColumn;
import dev.kafkaconnector.io.source.spec.ConsumerSettings;
import dev.kafkaconnector.io.source.spec.EventTimeFunction;
import dev.kafkaconnector.io.source.spec.OffsetSpec;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import dev.kafkaconnector.io.source.spec.TopicSubscription;
import dev.kafkaconnector.io.source.spec.WatermarkPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Validates the options of a source at pipeline construction and turns them into a {@link
 * SourceSpec} and a {@link RecordDecoder}. Every error names the option key and what was expected.
 */
public final class SourceOptionsParser {
  private SourceOptionsParser() {}

  /**
   * The result: what the reader runs with, how records become rows, the schema of those rows, what
   * happens to records that cannot be decoded, and warnings to log when the source is applied
   * (settings the connector overrides or ignores).
   */
  public record ParsedSource(
      SourceSpec spec,
      RecordDecoder decoder,
      Schema outputSchema,
      ErrorPolicy errorPolicy,
      List<String> warnings) {

    /** This source with each row's event time computed by {@code eventTime}. */
    public ParsedSource withEventTime(EventTimeFunction eventTime) {
      return new ParsedSource(
          spec.withWatermark(spec.watermark().withFunction(eventTime)),
          decoder,
          outputSchema,
          errorPolicy,
          warnings);
    }
  }

  /**
   * Parses {@code options}.
   *
   * @param sourceId the identity of the applied transform
   * @param physicalSchema the columns filled by the key and value formats
   * @param typedMetadata metadata columns declared with the typed API, appended after those of
   *     {@code metadata.list}
   * @throws IllegalArgumentException naming the offending key
   */
  public static ParsedSource parse(
      String sourceId,
      Map<String, String> options,
      Schema physicalSchema,
      List<MetadataColumn> typedMetadata) {
    return parse(sourceId, options, physicalSchema, typedMetadata, List.of());
  }

  /**
   * Parses the options of a source with a primary key ({@code 'connector' = 'upsert-kafka'}).
   *
   * @param primaryKey the primary key columns, empty for a plain kafka table
   */
  public static ParsedSource parse(
      String sourceId,
      Map<String, String> givenOptions,
      Schema physicalSchema,
      List<MetadataColumn> typedMetadata,
      List<String> primaryKey) {
    return parse(sourceId, givenOptions, physicalSchema, typedMetadata, primaryKey, null);
  }

  /**
   * Parses the options of a source that outputs only the {@code selected} columns (projection
   * push-down, see {@code DecoderFactory}).
   *
   * @param selected names of physical and metadata columns, or null for all
   */
  public static ParsedSource parse(
      String sourceId,
      Map<String, String> givenOptions,
      Schema physicalSchema,
      List<MetadataColumn> typedMetadata,
      List<String> primaryKey,
      @Nullable Set<String> selected) {
    Map<String, String> options = UpsertTable.apply(givenOptions, primaryKey, true);
    boolean upsert = isUpsert(Configuration.of(options));
    if (physicalSchema == null) {
      throw new IllegalArgumentException(
          "No schema: call withSchema(Schema) with the columns the key and value formats fill"
              + " (with the json format, read() infers one when applied)");
    }
    Configuration conf = Configuration.of(options);
    FormatSelection formats = new FormatSelection(options);
    List<String> warnings = new ArrayList<>();
    SourceSpec spec = spec(sourceId, options, formats, warnings);
    RecordDecoder decoder =
        DecoderFactory.create(options, formats, physicalSchema, typedMetadata, upsert, selected);
    ErrorPolicy errors = ErrorPolicy.from(conf);
    EventTimeColumn.check(spec.watermark().column(), decoder.outputSchema());
    return new ParsedSource(spec, decoder, decoder.outputSchema(), errors, List.copyOf(warnings));
  }

  /**
   * Checks the option keys and builds what the reader runs with (topics, client settings, offsets),
   * without the key and value columns: schema inference samples the cluster with exactly the
   * settings the source will use.
   *
   * @param warnings receives the settings the connector overrides or ignores
   * @throws IllegalArgumentException naming the offending key
   */
  public static SourceSpec spec(
      String sourceId,
      Map<String, String> options,
      FormatSelection formats,
      List<String> warnings) {
    Configuration conf = Configuration.of(options);
    checkKeys(options, formats);
    Map<String, String> client = clientProperties(conf);
    TopicSubscription subscription = subscription(conf);
    StartupMode startupMode = conf.get(SCAN_STARTUP_MODE);
    OffsetSpec startup =
        offsetSpec(
            conf,
            SCAN_STARTUP_MODE.key(),
            startupMode,
            SCAN_STARTUP_TIMESTAMP_MILLIS,
            SCAN_STARTUP_SPECIFIC_OFFSETS);
    OffsetSpec bounded = bounded(conf);
    checkGroup(client, startupMode, conf.get(SCAN_BOUNDED_MODE));
    checkClient(client, startupMode, warnings);
    Duration discovery = conf.get(SCAN_PARTITION_DISCOVERY_INTERVAL);
    HeaderFilter filter =
        conf.getOptional(SCAN_HEADER_FILTER).map(HeaderFilter::parse).orElse(null);
    boolean checkGroup = conf.get(SCAN_CHECK_DUPLICATED_GROUP_ID);
    if (checkGroup && !client.containsKey("group.id")) {
      throw new IllegalArgumentException(
          "Option 'scan.check.duplicated.group.id' is true but 'properties.group.id' is not set");
    }
    WatermarkPolicy watermark =
        new WatermarkPolicy(
            conf.get(SCAN_WATERMARK_STRATEGY),
            conf.get(SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS),
            conf.get(SCAN_WATERMARK_IDLE_TIMEOUT),
            conf.get(SCAN_WATERMARK_COLUMN));
    return new SourceSpec(
        sourceId, client, subscription, startup, bounded, discovery, filter, checkGroup, watermark);
  }

  private static void checkKeys(Map<String, String> options, FormatSelection formats) {
    OptionKeys.check(
        options,
        "source",
        sourceOptions(),
        formats,
        key ->
            ConsumerConfig.configNames().contains(key)
                ? "Unknown option '"
                    + key
                    + "' for a Kafka source (did you mean '"
                    + PROPERTIES_PREFIX
                    + key
                    + "'? Kafka client properties take the prefix"
                    + " 'properties.')"
                : null);
  }

  private static Map<String, String> clientProperties(Configuration conf) {
    return ClientProperties.fromOptions(
        conf,
        RESERVED_CONSUMER_PROPERTIES,
        "the connector reads keys and values as bytes and decodes them with 'key.format' /"
            + " 'value.format'");
  }

  /** Offsets of the group need the group, as Flink's KafkaSource builder checks. */
  private static void checkGroup(
      Map<String, String> client, StartupMode startup, BoundedMode bounded) {
    if (client.containsKey(ConsumerConfig.GROUP_ID_CONFIG)) {
      return;
    }
    if (startup == StartupMode.GROUP_OFFSETS) {
      throw new IllegalArgumentException(
          "Option 'scan.startup.mode' is 'group-offsets' (the default), which starts from the"
              + " committed offsets of 'properties.group.id', but 'properties.group.id' is not"
              + " set. Set 'properties.group.id', or set 'scan.startup.mode' to"
              + " 'earliest-offset', 'latest-offset', 'timestamp' or 'specific-offsets'");
    }
    if (bounded == BoundedMode.GROUP_OFFSETS) {
      throw new IllegalArgumentException(
          "Option 'scan.bounded.mode' is 'group-offsets' but 'properties.group.id' is not set");
    }
  }

  /**
   * Checks the client properties as the consumer will see them, and notes the settings the
   * connector overrides or that have no effect.
   */
  private static void checkClient(
      Map<String, String> client, StartupMode startup, List<String> warnings) {
    Map<String, Object> asReader = new HashMap<>(client);
    Map<String, Object> forced = ConsumerSettings.forced();
    asReader.putAll(forced);
    ClientProperties.validate(asReader, ConsumerConfig.configDef());
    for (String key : ClientProperties.overridden(client, forced)) {
      warnings.add(
          "Option 'properties."
              + key
              + "' = '"
              + client.get(key)
              + "' is overridden with '"
              + forced.get(key)
              + "': the connector tracks offsets in checkpoints and commits"
              + " them after each checkpoint");
    }
    if (client.containsKey(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG)) {
      warnings.add(
          "Option 'properties.group.instance.id' is ignored: the source's consumers are assigned"
              + " partitions and never join the group");
    }
    if (client.containsKey(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG)
        && startup != StartupMode.GROUP_OFFSETS
        && startup != StartupMode.SPECIFIC_OFFSETS) {
      warnings.add(
          "Option 'properties.auto.offset.reset' has no effect with 'scan.startup.mode' = '"
              + startup
              + "': it only applies to partitions without a committed offset under"
              + " 'group-offsets' (and partitions not listed under 'specific-offsets')");
    }
  }

  private static TopicSubscription subscription(Configuration conf) {
    String topic = conf.get(TOPIC);
    String pattern = conf.get(TOPIC_PATTERN);
    if (topic != null && pattern != null) {
      throw new IllegalArgumentException(
          "Options 'topic' and 'topic-pattern' are both set; set only one of them");
    }
    if (topic == null && pattern == null) {
      throw new IllegalArgumentException(
          "Either option 'topic' (one topic or 'a;b;c') or 'topic-pattern' (a regular expression)"
              + " is required");
    }
    if (topic != null) {
      List<String> topics =
          Arrays.stream(topic.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
      if (topics.isEmpty()) {
        throw new IllegalArgumentException("Option 'topic' names no topic: '" + topic + "'");
      }
      return TopicSubscription.topics(topics);
    }
    try {
      return TopicSubscription.pattern(Pattern.compile(pattern));
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "Invalid value '"
              + pattern
              + "' for option 'topic-pattern': "
              + e.getDescription()
              + " at index "
              + e.getIndex(),
          e);
    }
  }

  private static OffsetSpec bounded(Configuration conf) {
    BoundedMode mode = conf.get(SCAN_BOUNDED_MODE);
    if (mode.rule() == null) {
      return null;
    }
    return offsetSpec(
        conf,
        SCAN_BOUNDED_MODE.key(),
        mode.rule(),
        SCAN_BOUNDED_TIMESTAMP_MILLIS,
        SCAN_BOUNDED_SPECIFIC_OFFSETS);
  }

  /** The rule of a startup or bounded mode, with the option that gives its value. */
  private static OffsetSpec offsetSpec(
      Configuration conf,
      String modeKey,
      StartupMode rule,
      ConfigOption<Long> timestampOption,
      ConfigOption<String> offsetsOption) {
    switch (rule) {
      case TIMESTAMP:
        return OffsetSpec.timestamp(required(conf, timestampOption, modeKey, rule));
      case SPECIFIC_OFFSETS:
        String text = required(conf, offsetsOption, modeKey, rule);
        return OffsetSpec.specific(SpecificOffsets.parse(offsetsOption.key(), text));
      default:
        return OffsetSpec.of(rule);
    }
  }

  private static <T> T required(
      Configuration conf, ConfigOption<T> option, String modeKey, StartupMode rule) {
    return conf.getOptional(option)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Option '"
                        + option.key()
                        + "' is required when '"
                        + modeKey
                        + "' is '"
                        + rule
                        + "'"));
  }
}
