package dev.kafkaconnector.io.options;

import static dev.kafkaconnector.io.options.KafkaConnectorOptions.*;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.source.BoundedMode;
import dev.kafkaconnector.io.source.OffsetSpec;
import dev.kafkaconnector.io.source.SourceSpec;
import dev.kafkaconnector.io.source.SpecificOffsets;
import dev.kafkaconnector.io.source.StartupMode;
import dev.kafkaconnector.io.source.TopicSubscription;
import dev.kafkaconnector.io.source.filter.HeaderFilter;
import dev.kafkaconnector.io.source.metadata.MetadataColumn;
import dev.kafkaconnector.io.source.metadata.MetadataKey;
import dev.kafkaconnector.io.source.reader.RecordConverter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.beam.sdk.schemas.Schema;

/**
 * Validates the options of a source at pipeline construction and turns them into a {@link
 * SourceSpec} and a {@link RecordConverter}. Every error names the option key and what was
 * expected.
 */
public final class SourceOptionsParser {
  private static final String VALUE_SCOPE = "value.";

  private SourceOptionsParser() {}

  /** The result: what the reader runs with and the schema of the rows it outputs. */
  public record ParsedSource(SourceSpec spec, RecordConverter converter, Schema outputSchema) {}

  /**
   * Parses {@code options}.
   *
   * @param readerId identifies the source's consumers
   * @param physicalSchema the columns filled by the value format
   * @param typedMetadata metadata columns declared with the typed API, appended after those of
   *     {@code metadata.list}
   * @throws IllegalArgumentException naming the offending key
   */
  public static ParsedSource parse(
      String readerId,
      Map<String, String> options,
      Schema physicalSchema,
      List<MetadataColumn> typedMetadata) {
    if (physicalSchema == null) {
      throw new IllegalArgumentException(
          "No schema: call withSchema(Schema) with the columns the value format fills");
    }
    Configuration conf = Configuration.of(options);
    String formatId = formatId(conf);
    FormatFactory format = Formats.find(formatId, conf.contains(VALUE_FORMAT) ? "value.format" : "format");
    checkKeys(options, format);

    Map<String, String> client = clientProperties(conf);
    TopicSubscription subscription = subscription(conf);
    OffsetSpec startup = startup(conf, client);
    OffsetSpec bounded = bounded(conf);
    Duration discovery = conf.get(SCAN_PARTITION_DISCOVERY_INTERVAL);
    HeaderFilter filter = conf.getOptional(SCAN_HEADER_FILTER).map(HeaderFilter::parse).orElse(null);
    boolean checkGroup = conf.get(SCAN_CHECK_DUPLICATED_GROUP_ID);
    if (checkGroup && !client.containsKey("group.id")) {
      throw new IllegalArgumentException(
          "Option 'scan.check.duplicated.group.id' is true but 'properties.group.id' is not set");
    }
    SourceSpec spec =
        new SourceSpec(
            readerId, client, subscription, startup, bounded, discovery, filter, checkGroup);

    List<MetadataColumn> metadata = metadataColumns(conf, typedMetadata, physicalSchema);
    Map<String, String> formatOptions = formatOptions(options, formatId);
    RowDecoder decoder = format.createDecoder(physicalSchema, new FormatContext(Configuration.of(formatOptions), "value"));
    RecordConverter converter = new RecordConverter(decoder, physicalSchema, metadata);
    return new ParsedSource(spec, converter, converter.outputSchema());
  }

  /**
   * The value format's options: {@code <format>.*}, overridden by {@code value.<format>.*} (the
   * scope Flink uses with {@code value.format}).
   */
  private static Map<String, String> formatOptions(Map<String, String> options, String formatId) {
    Map<String, String> out = new HashMap<>();
    String valueScope = VALUE_SCOPE + formatId + ".";
    options.forEach(
        (key, value) -> {
          if (key.startsWith(formatId + ".")) {
            out.putIfAbsent(key, value);
          }
        });
    options.forEach(
        (key, value) -> {
          if (key.startsWith(valueScope)) {
            out.put(key.substring(VALUE_SCOPE.length()), value);
          }
        });
    return out;
  }

  private static String formatId(Configuration conf) {
    String id = conf.getOptional(VALUE_FORMAT).orElse(conf.get(FORMAT));
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException(
          "Option 'format' (or 'value.format') is required, for example 'format' = 'raw'");
    }
    return id.trim();
  }

  private static void checkKeys(Map<String, String> options, FormatFactory format) {
    Set<String> known = new HashSet<>();
    sourceOptions().forEach(o -> known.add(o.key()));
    format.options().forEach(o -> known.add(o.key()));
    Map<String, FormatFactory> formats = Formats.available();
    for (String key : options.keySet()) {
      if (known.contains(key)) {
        continue;
      }
      if (key.startsWith(PROPERTIES_PREFIX) && key.length() > PROPERTIES_PREFIX.length()) {
        continue;
      }
      String unscoped = key.startsWith(VALUE_SCOPE) ? key.substring(VALUE_SCOPE.length()) : key;
      if (known.contains(unscoped) && unscoped.startsWith(format.identifier() + ".")) {
        continue;
      }
      String family =
          unscoped.contains(".") ? unscoped.substring(0, unscoped.indexOf('.')) : unscoped;
      if (formats.containsKey(family)) {
        if (family.equals(format.identifier())) {
          throw new IllegalArgumentException(
              "Unknown option '" + key + "' for format '" + family + "'. Its options are: "
                  + format.options().stream().map(ConfigOption::key).toList());
        }
        throw new IllegalArgumentException(
            "Option '" + key + "' belongs to format '" + family + "', which this source does not"
                + " use (the value format is '" + format.identifier() + "')");
      }
      throw new IllegalArgumentException(
          "Unknown option '" + key + "' for a Kafka source. Supported options: "
              + new TreeSet<>(known)
              + ", plus 'properties.*' for the Kafka consumer and the options of the format.");
    }
  }

  private static Map<String, String> clientProperties(Configuration conf) {
    String servers = conf.get(BOOTSTRAP_SERVERS);
    if (servers == null || servers.isBlank()) {
      throw new IllegalArgumentException(
          "Option 'properties.bootstrap.servers' is required, for example 'host1:9092,host2:9092'");
    }
    Map<String, String> client = new HashMap<>(conf.withPrefixStripped(PROPERTIES_PREFIX));
    for (String reserved : RESERVED_CONSUMER_PROPERTIES) {
      if (client.containsKey(reserved)) {
        throw new IllegalArgumentException(
            "Option 'properties."
                + reserved
                + "' cannot be set: the connector reads keys and values as bytes and decodes them"
                + " with 'key.format' / 'value.format'");
      }
    }
    return client;
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
          "Invalid value '" + pattern + "' for option 'topic-pattern': " + e.getDescription()
              + " at index " + e.getIndex(),
          e);
    }
  }

  private static OffsetSpec startup(Configuration conf, Map<String, String> client) {
    StartupMode mode = conf.get(SCAN_STARTUP_MODE);
    return offsetSpec(
        conf, SCAN_STARTUP_MODE.key(), mode.toString(), SCAN_STARTUP_TIMESTAMP_MILLIS,
        SCAN_STARTUP_SPECIFIC_OFFSETS);
  }

  private static OffsetSpec bounded(Configuration conf) {
    BoundedMode mode = conf.get(SCAN_BOUNDED_MODE);
    if (mode == BoundedMode.UNBOUNDED) {
      return null;
    }
    return offsetSpec(
        conf, SCAN_BOUNDED_MODE.key(), mode.toString(), SCAN_BOUNDED_TIMESTAMP_MILLIS,
        SCAN_BOUNDED_SPECIFIC_OFFSETS);
  }

  /** The rule of a startup or bounded mode, with the option that gives its value. */
  private static OffsetSpec offsetSpec(
      Configuration conf,
      String modeKey,
      String mode,
      ConfigOption<Long> timestampOption,
      ConfigOption<String> offsetsOption) {
    switch (mode) {
      case "earliest-offset":
        return OffsetSpec.of(OffsetSpec.Kind.EARLIEST);
      case "latest-offset":
        return OffsetSpec.of(OffsetSpec.Kind.LATEST);
      case "group-offsets":
        return OffsetSpec.of(OffsetSpec.Kind.GROUP_OFFSETS);
      case "timestamp":
        return OffsetSpec.timestamp(required(conf, timestampOption, modeKey, mode));
      case "specific-offsets":
        String text = required(conf, offsetsOption, modeKey, mode);
        return OffsetSpec.specific(SpecificOffsets.parse(offsetsOption.key(), text));
      default:
        throw new IllegalStateException("unhandled mode " + mode + " of " + modeKey);
    }
  }

  private static <T> T required(Configuration conf, ConfigOption<T> option, String modeKey, String mode) {
    return conf.getOptional(option)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Option '" + option.key() + "' is required when '" + modeKey + "' is '" + mode + "'"));
  }

  private static List<MetadataColumn> metadataColumns(
      Configuration conf, List<MetadataColumn> typed, Schema physical) {
    List<MetadataColumn> columns = new ArrayList<>();
    String list = conf.get(METADATA_LIST);
    if (list != null) {
      for (String raw : list.split(",")) {
        String key = raw.trim();
        if (key.isEmpty()) {
          continue;
        }
        MetadataKey metadataKey =
            MetadataKey.fromKey(key)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            "Unknown metadata key '" + key + "' in option 'metadata.list'."
                                + " Available keys: " + MetadataKey.allKeys()));
        columns.add(new MetadataColumn(key, metadataKey));
      }
    }
    columns.addAll(typed);
    Set<String> names = new HashSet<>(physical.getFieldNames());
    for (MetadataColumn column : columns) {
      if (!names.add(column.name())) {
        throw new IllegalArgumentException(
            "Metadata column '" + column.name() + "' (option 'metadata.list' or"
                + " withMetadataColumn) has the same name as another column; map the key to"
                + " another name with withMetadataColumn(name, key)");
      }
    }
    return columns;
  }
}
