package dev.kafkaconnector.io.cdc.sink;

import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.OptionKeys;
import dev.kafkaconnector.io.sink.RecordEncoder;
import dev.kafkaconnector.io.sink.SinkOptionsParser;
import dev.kafkaconnector.io.sink.SinkSpec;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;

/**
 * Validates the options of {@code writeChanges()} when it is applied and turns them into the write
 * path's {@link SinkSpec} and a {@link ChangeRecordEncoder}. Every error names the option key; the
 * write path ({@code sink.delivery-guarantee}, {@code properties.*}) is checked by the same code as
 * {@code write()}'s.
 */
public final class ChangeSinkParser {
  private static final List<String> VALUE_FORMATS =
      List.of(
          ChangeSinkOptions.DEBEZIUM_JSON,
          ChangeSinkOptions.CANAL_JSON,
          ChangeSinkOptions.CANAL_PROTOBUF);
  private static final List<String> KEY_FORMATS = List.of("json", "csv");

  private ChangeSinkParser() {}

  /** The result, with warnings to log when the sink is applied. */
  public record ParsedChangeSink(
      SinkSpec spec, RecordEncoder<ChangeEvent> encoder, List<String> warnings) {}

  /**
   * Parses the options of a CDC sink.
   *
   * @param sinkId the identity of the applied transform
   * @throws IllegalArgumentException naming the offending key
   */
  public static ParsedChangeSink parse(String sinkId, Map<String, String> given) {
    Configuration conf = Configuration.of(given);
    String valueFormat = oneOf(conf, ChangeSinkOptions.VALUE_FORMAT, VALUE_FORMATS);
    String keyFormat = oneOf(conf, ChangeSinkOptions.KEY_FORMAT, KEY_FORMATS);
    Map<String, String> options = new LinkedHashMap<>(given);
    options.put(ChangeSinkOptions.VALUE_FORMAT.key(), valueFormat);
    options.put(ChangeSinkOptions.KEY_FORMAT.key(), keyFormat);
    FormatSelection formats = new FormatSelection(options);
    checkKeys(given, formats);

    List<String> warnings = new ArrayList<>();
    Map<String, String> client = SinkOptionsParser.clientProperties(conf);
    DeliveryGuarantee guarantee = conf.get(KafkaConnectorOptions.SINK_DELIVERY_GUARANTEE);
    String prefix = SinkOptionsParser.transactionalIdPrefix(conf, client, warnings);
    Integer parallelism = SinkOptionsParser.parallelism(conf);
    PartitionStrategy strategy = conf.get(ChangeSinkOptions.PARTITION_STRATEGY);
    TopicMapping topics =
        TopicMapping.of(
            conf.get(ChangeSinkOptions.TOPIC),
            conf.get(ChangeSinkOptions.TABLE_ID_TO_TOPIC_MAPPING));
    if (topics.fixedTopic() != null && topics.hasRules()) {
      warnings.add(
          "Option '"
              + ChangeSinkOptions.TABLE_ID_TO_TOPIC_MAPPING.key()
              + "' has no effect:"
              + " 'topic' is set, and every change is written to '"
              + topics.fixedTopic()
              + "'");
    }
    ChangeRecordEncoder encoder =
        new ChangeRecordEncoder(
            topics, strategy, valueFormat, formats.valueOptions(), keyFormat, formats.keyOptions());
    // The formats' options are checked now, on a table of one column, not at the first event.
    encoder.check(
        TableId.of("check", "check"), Schema.builder().addInt64Field("id").build(), List.of("id"));
    encoder.close();
    SinkSpec spec =
        new SinkSpec(
            sinkId,
            client,
            topics.fixedTopic(),
            "default",
            guarantee,
            parallelism,
            false,
            0,
            Duration.ZERO,
            prefix);
    return new ParsedChangeSink(spec, encoder, List.copyOf(warnings));
  }

  private static String oneOf(Configuration conf, ConfigOption<String> option, List<String> valid) {
    String value = conf.get(option).trim();
    if (!valid.contains(value)) {
      throw new IllegalArgumentException(
          "Option '"
              + option.key()
              + "' of writeChanges() must be one of "
              + valid
              + ", but is '"
              + value
              + "'");
    }
    return value;
  }

  private static void checkKeys(Map<String, String> options, FormatSelection formats) {
    Set<String> own = new HashSet<>();
    ChangeSinkOptions.all().forEach(o -> own.add(o.key()));
    Set<String> ofWrite = new HashSet<>();
    KafkaConnectorOptions.sinkOptions().forEach(o -> ofWrite.add(o.key()));
    ofWrite.removeAll(own);
    Set<String> ofSource = new HashSet<>();
    KafkaConnectorOptions.sourceOptions().forEach(o -> ofSource.add(o.key()));
    ofSource.removeAll(own);
    OptionKeys.check(
        options,
        "CDC sink (writeChanges)",
        ChangeSinkOptions.all(),
        formats,
        key -> {
          if (ofWrite.contains(key)) {
            return "Option '"
                + key
                + "' is an option of write(), not of writeChanges(): change"
                + " events carry their table, key and change kind (see partition.strategy,"
                + " sink.tableId-to-topic.mapping and value.format)";
          }
          return ofSource.contains(key)
              ? "Option '" + key + "' is an option of a Kafka source, not of a sink"
              : null;
        });
  }
}
