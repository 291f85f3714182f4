package dev.kafkaconnector.io;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.*;

import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.sink.KafkaPartitioner;
import dev.kafkaconnector.io.sink.SinkOptionsParser;
import dev.kafkaconnector.io.sink.SinkOptionsParser.ParsedSink;
import dev.kafkaconnector.io.sink.SinkWrites;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes {@link Row}s to Kafka. The input schema is the table's: its physical columns are split
 * into key ({@code key.fields}) and value and encoded by {@code key.format} / {@code value.format};
 * the columns named in {@code metadata.list} (or mapped with {@link #withMetadataColumn}) are
 * written as record metadata (timestamp, headers, topic, partition, row-kind). Configured with the
 * same option keys as the reader; immutable.
 */
public final class KafkaConnectorWrite extends PTransform<PCollection<Row>, PDone> {
  private static final long serialVersionUID = 1L;
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(KafkaConnectorWrite.class);

  private final Map<String, String> options;
  private final List<MetadataColumn> metadataColumns;
  private final @Nullable ErrorHandler<BadRecord, ?> badRecordHandler;
  private final List<String> primaryKey;

  private KafkaConnectorWrite(
      Map<String, String> options,
      List<MetadataColumn> metadataColumns,
      @Nullable ErrorHandler<BadRecord, ?> badRecordHandler,
      List<String> primaryKey) {
    this.options = options;
    this.metadataColumns = metadataColumns;
    this.badRecordHandler = badRecordHandler;
    this.primaryKey = primaryKey;
  }

  static KafkaConnectorWrite create() {
    return new KafkaConnectorWrite(new LinkedHashMap<>(), List.of(), null, List.of());
  }

  /**
   * The primary key of an upsert table ({@code 'connector' = 'upsert-kafka'}), encoded with {@code
   * key.format} as the record key. Rows are upserts; with a {@code row-kind} column, -D rows are
   * written as tombstones and -U rows dropped.
   */
  public KafkaConnectorWrite withPrimaryKey(String... columns) {
    return new KafkaConnectorWrite(options, metadataColumns, badRecordHandler, List.of(columns));
  }

  /** Adds options by their connector keys (see the option reference); later values win. */
  public KafkaConnectorWrite withOptions(Map<String, String> more) {
    Map<String, String> merged = new LinkedHashMap<>(options);
    merged.putAll(more);
    return new KafkaConnectorWrite(merged, metadataColumns, badRecordHandler, primaryKey);
  }

  /** Sets one option by its connector key. */
  public KafkaConnectorWrite withOption(String key, String value) {
    return withOptions(Map.of(key, value));
  }

  /** {@code properties.bootstrap.servers}. */
  public KafkaConnectorWrite withBootstrapServers(String servers) {
    return withOption(BOOTSTRAP_SERVERS.key(), servers);
  }

  /** {@code topic}. */
  public KafkaConnectorWrite withTopic(String topic) {
    return withOption(SINK_TOPIC.key(), topic);
  }

  /** {@code format}. */
  public KafkaConnectorWrite withFormat(String format) {
    return withOption(FORMAT.key(), format);
  }

  /** {@code properties.<key>}: a Kafka producer property. */
  public KafkaConnectorWrite withProducerProperty(String key, String value) {
    return withOption(PROPERTIES_PREFIX + key, value);
  }

  /** {@code sink.delivery-guarantee}. */
  public KafkaConnectorWrite withDeliveryGuarantee(DeliveryGuarantee guarantee) {
    return withOption(SINK_DELIVERY_GUARANTEE.key(), guarantee.toString());
  }

  /** {@code sink.partitioner} = the class name of {@code partitioner}. */
  public KafkaConnectorWrite withPartitioner(Class<? extends KafkaPartitioner> partitioner) {
    return withOption(SINK_PARTITIONER.key(), partitioner.getName());
  }

  /**
   * Writes input column {@code column} as metadata {@code key} ({@code timestamp}, {@code headers},
   * {@code topic}, {@code partition} or {@code row-kind}) instead of into key or value, or into the
   * message as the value format's writable metadata {@code value.<key>} (canal-json's {@code
   * value.database}, {@code value.table}, …).
   */
  public KafkaConnectorWrite withMetadataColumn(String column, String key) {
    List<MetadataColumn> columns = new ArrayList<>(metadataColumns);
    columns.add(new MetadataColumn(column, key));
    return new KafkaConnectorWrite(options, List.copyOf(columns), badRecordHandler, primaryKey);
  }

  /** As {@link #withMetadataColumn(String, String)} for a record metadata key. */
  public KafkaConnectorWrite withMetadataColumn(String column, MetadataKey key) {
    return withMetadataColumn(column, key.key());
  }

  /**
   * Sends rows that cannot be written (a value the format cannot represent, a NOT NULL column
   * without value, a record over {@code max.request.size}, a change kind the format cannot write)
   * to {@code handler} as Beam {@link BadRecord}s with the reason, instead of failing the job.
   */
  public KafkaConnectorWrite withBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler) {
    return new KafkaConnectorWrite(options, metadataColumns, handler, primaryKey);
  }

  /** The options set so far, by key. */
  public Map<String, String> options() {
    return java.util.Collections.unmodifiableMap(options);
  }

  /**
   * Checks the options as applying this sink would, without its input and without contacting a
   * broker, and returns this sink: option keys, client settings, topic, delivery guarantee,
   * partitioner, parallelism and buffering. The checks that need the input's columns (formats,
   * metadata columns, primary key) run in {@link #validate(Schema)} and when the sink is applied.
   *
   * @throws IllegalArgumentException naming the offending option key and what was expected
   */
  public KafkaConnectorWrite validate() {
    SinkOptionsParser.checkOptions(options, primaryKey);
    return this;
  }

  /**
   * As {@link #validate()}, and against rows of {@code input}, as applying the sink does.
   *
   * @throws IllegalArgumentException naming the offending option key or column
   */
  public KafkaConnectorWrite validate(Schema input) {
    SinkOptionsParser.parse("unapplied", options, input, metadataColumns, primaryKey);
    return this;
  }

  /** Applies the sink; each application gets its own identity. */
  @Override
  public PDone expand(PCollection<Row> input) {
    if (!input.hasSchema()) {
      throw new IllegalArgumentException(
          "KafkaConnectorIO.write() needs a PCollection<Row> with a schema (setRowSchema)");
    }
    ParsedSink sink =
        SinkOptionsParser.parse(
            UUID.randomUUID().toString(), options, input.getSchema(), metadataColumns, primaryKey);
    sink.warnings().forEach(w -> LOG.warn("{}: {}", getName(), w));
    SinkWrites.apply(input, sink, badRecordHandler);
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
    return "KafkaConnectorWrite" + Secrets.redactOptions(options);
  }
}
