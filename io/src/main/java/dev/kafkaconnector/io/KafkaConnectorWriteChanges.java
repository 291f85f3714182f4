package dev.kafkaconnector.io;

import dev.kafkaconnector.io.cdc.sink.ChangeSinkOptions;
import dev.kafkaconnector.io.cdc.sink.ChangeSinkParser;
import dev.kafkaconnector.io.cdc.sink.ChangeSinkParser.ParsedChangeSink;
import dev.kafkaconnector.io.cdc.sink.PartitionStrategy;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.sink.SinkWrites;
import dev.kafkaconnector.schema.change.ChangeEvent;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes a multi-table change stream ({@link ChangeEvent}s, as {@code readChanges()} and the
 * schema-evolution step give them) to Kafka, as the spec's data-ingestion Kafka sink: each data
 * change as one {@code debezium-json} (default) or {@code canal-json} message that names its table,
 * keyed by table id and primary key ({@code key.format} json or csv), to the topic of {@code
 * topic}, {@code sink.tableId-to-topic.mapping} or the table id; partition 0 ({@code
 * partition.strategy} all-to-zero, default) or by key hash (hash-by-key). Messages follow each
 * change's own (evolved) schema; schema changes themselves are not written. The write path is
 * {@code write()}'s: {@code sink.delivery-guarantee} none / at-least-once / exactly-once, {@code
 * properties.*} to the producer, the same bad-record policy. Immutable.
 */
public final class KafkaConnectorWriteChanges extends PTransform<PCollection<ChangeEvent>, PDone> {
  private static final long serialVersionUID = 1L;
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(KafkaConnectorWriteChanges.class);

  private final Map<String, String> options;
  private final @Nullable ErrorHandler<BadRecord, ?> badRecordHandler;

  private KafkaConnectorWriteChanges(
      Map<String, String> options, @Nullable ErrorHandler<BadRecord, ?> badRecordHandler) {
    this.options = options;
    this.badRecordHandler = badRecordHandler;
  }

  static KafkaConnectorWriteChanges create() {
    return new KafkaConnectorWriteChanges(new LinkedHashMap<>(), null);
  }

  /** Adds options by their connector keys; later values win. */
  public KafkaConnectorWriteChanges withOptions(Map<String, String> more) {
    Map<String, String> merged = new LinkedHashMap<>(options);
    merged.putAll(more);
    return new KafkaConnectorWriteChanges(merged, badRecordHandler);
  }

  /** Sets one option by its connector key. */
  public KafkaConnectorWriteChanges withOption(String key, String value) {
    return withOptions(Map.of(key, value));
  }

  /** {@code properties.bootstrap.servers}. */
  public KafkaConnectorWriteChanges withBootstrapServers(String servers) {
    return withOption(KafkaConnectorOptions.BOOTSTRAP_SERVERS.key(), servers);
  }

  /** {@code value.format}: {@code debezium-json}, {@code canal-json} or {@code canal-protobuf}. */
  public KafkaConnectorWriteChanges withValueFormat(String format) {
    return withOption(ChangeSinkOptions.VALUE_FORMAT.key(), format);
  }

  /** {@code partition.strategy}. */
  public KafkaConnectorWriteChanges withPartitionStrategy(PartitionStrategy strategy) {
    return withOption(ChangeSinkOptions.PARTITION_STRATEGY.key(), strategy.toString());
  }

  /** {@code sink.delivery-guarantee}. */
  public KafkaConnectorWriteChanges withDeliveryGuarantee(DeliveryGuarantee guarantee) {
    return withOption(KafkaConnectorOptions.SINK_DELIVERY_GUARANTEE.key(), guarantee.toString());
  }

  /**
   * Sends changes that cannot be written (a value the format cannot represent, a record over {@code
   * max.request.size}) to {@code handler} as Beam {@link BadRecord}s with the reason, instead of
   * failing the job.
   */
  public KafkaConnectorWriteChanges withBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler) {
    return new KafkaConnectorWriteChanges(options, handler);
  }

  /** The options set so far, by key. */
  public Map<String, String> options() {
    return Collections.unmodifiableMap(options);
  }

  /**
   * Checks the options as applying this sink would, without contacting a broker, and returns this
   * sink.
   *
   * @throws IllegalArgumentException naming the offending option key and what was expected
   */
  public KafkaConnectorWriteChanges validate() {
    ChangeSinkParser.parse("unapplied", options);
    return this;
  }

  @Override
  public PDone expand(PCollection<ChangeEvent> input) {
    ParsedChangeSink sink = ChangeSinkParser.parse(UUID.randomUUID().toString(), options);
    sink.warnings().forEach(w -> LOG.warn("{}: {}", getName(), w));
    SinkWrites.apply(input, sink.spec(), sink.encoder(), input.getCoder(), badRecordHandler);
    return PDone.in(input.getPipeline());
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    Secrets.addDisplayData(builder, options);
  }

  /** The options with secret values masked. */
  @Override
  public String toString() {
    return "KafkaConnectorWriteChanges" + Secrets.redactOptions(options);
  }
}
