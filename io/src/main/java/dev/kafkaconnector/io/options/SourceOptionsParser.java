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
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.io.source.decode.RecordDecoder;
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
  private SourceOptionsParser() {}

  /**
   * The result: what the reader runs with, how records become rows, the schema of those rows, and
   * what happens to records that cannot be decoded.
   */
  public record ParsedSource(
      SourceSpec spec, RecordDecoder decoder, Schema outputSchema, ErrorPolicy errorPolicy) {}

  /**
   * Parses {@code options}.
   *
   * @param readerId identifies the source's consumers
   * @param physicalSchema the columns filled by the key and value formats
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
          "No schema: call withSchema(Schema) with the columns the key and value formats fill");
    }
    Configuration conf = Configuration.of(options);
    DecoderOptionsParser decoding = new DecoderOptionsParser(options);
    checkKeys(options, decoding);

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
    RecordDecoder decoder = decoding.decoder(physicalSchema, typedMetadata);
    ErrorPolicy errors = ErrorPolicy.from(conf);
    return new ParsedSource(spec, decoder, decoder.outputSchema(), errors);
  }

  private static void checkKeys(Map<String, String> options, DecoderOptionsParser decoding) {
    Set<String> known = new HashSet<>();
    sourceOptions().forEach(o -> known.add(o.key()));
    for (String key : options.keySet()) {
      if (known.contains(key) || decoding.isFormatOption(key)) {
        continue;
      }
      if (key.startsWith(PROPERTIES_PREFIX) && key.length() > PROPERTIES_PREFIX.length()) {
        continue;
      }
      String formatError = decoding.formatOptionError(key);
      if (formatError != null) {
        throw new IllegalArgumentException(formatError);
      }
      throw new IllegalArgumentException(
          "Unknown option '" + key + "' for a Kafka source. Supported options: "
              + new TreeSet<>(known)
              + ", plus 'properties.*' for the Kafka consumer and the options of the formats.");
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
}
