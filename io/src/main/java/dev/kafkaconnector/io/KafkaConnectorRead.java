package dev.kafkaconnector.io;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.*;

import dev.kafkaconnector.io.common.BoundedMode;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.common.StartupMode;
import dev.kafkaconnector.io.infer.DeclaredSchemas;
import dev.kafkaconnector.io.infer.InferredRead;
import dev.kafkaconnector.io.infer.KafkaRecordSampler;
import dev.kafkaconnector.io.infer.ReshapeInferredRows;
import dev.kafkaconnector.io.infer.SchemaInferrer;
import dev.kafkaconnector.io.runner.FlinkWatermarkCheck;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.io.source.SourceOptionsParser.ParsedSource;
import dev.kafkaconnector.io.source.SourceReads;
import dev.kafkaconnector.io.source.SpecificOffsets;
import dev.kafkaconnector.io.source.reader.ReadPartitionFn;
import dev.kafkaconnector.io.source.spec.EventTimeFunction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads Kafka records as {@link Row}s: the value format's columns followed by metadata columns.
 * Configured with the connector's option keys ({@link #withOptions}); the typed methods are sugar
 * that set the same keys. Immutable: every method returns a new transform.
 */
public final class KafkaConnectorRead extends PTransform<PBegin, PCollection<Row>> {
  private static final long serialVersionUID = 1L;

  private static final Logger LOG = LoggerFactory.getLogger(KafkaConnectorRead.class);

  /** The source id of a transform that was not applied yet (validation only). */
  private static final String UNAPPLIED = "unapplied";

  private final Map<String, String> options;
  private final ReadParts parts;

  private KafkaConnectorRead(Map<String, String> options, ReadParts parts) {
    this.options = options;
    this.parts = parts;
  }

  /**
   * Reads with a schema inferred before ({@code SchemaInferrer.infer}) instead of sampling when
   * applied: the Kafka catalog infers a table's schema when a query is planned and reads with
   * exactly that schema. Replaces the options, schema and metadata columns set so far.
   */
  public KafkaConnectorRead withInferredSchema(InferredRead schemaAndLayout) {
    return new KafkaConnectorRead(
        new LinkedHashMap<>(schemaAndLayout.options()), parts.withInferred(schemaAndLayout));
  }

  static KafkaConnectorRead create() {
    return new KafkaConnectorRead(new LinkedHashMap<>(), ReadParts.NONE);
  }

  private KafkaConnectorRead with(
      Map<String, String> newOptions, @Nullable Schema newSchema, List<MetadataColumn> columns) {
    return new KafkaConnectorRead(newOptions, parts.withColumns(newSchema, columns));
  }

  /**
   * Sends records that cannot be decoded to {@code handler} as Beam {@link BadRecord}s (a
   * dead-letter output) instead of failing the job. Each carries the record (topic, partition,
   * offset, timestamp, headers, key and value bytes) and the reason, naming format and field. See
   * Beam's {@code Pipeline.registerBadRecordErrorHandler}.
   */
  public KafkaConnectorRead withBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler) {
    return new KafkaConnectorRead(options, parts.withBadRecordHandler(handler));
  }

  /**
   * The primary key of an upsert table ({@code 'connector' = 'upsert-kafka'}): the record key.
   * Reading then gives a changelog: a record is a {@code +U} row, a tombstone a {@code -D} row with
   * the key columns set; map the metadata key {@code row-kind} to a column to see which.
   */
  public KafkaConnectorRead withPrimaryKey(String... columns) {
    return new KafkaConnectorRead(options, parts.withPrimaryKey(List.of(columns)));
  }

  /**
   * Outputs only these columns (physical or metadata), in the order of the full output schema:
   * projection push-down. The formats then leave the other columns undecoded where they can (json
   * and the JSON changelog formats by name, csv by position, avro by skipping fields), and the key
   * is not decoded when no key column is selected, so a value that only an unselected column holds
   * is not checked. Beam SQL tables use it for the columns a query reads. Requires {@link
   * #withSchema}.
   *
   * @throws IllegalArgumentException when no column is given
   */
  public KafkaConnectorRead withProjection(List<String> columns) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("withProjection needs at least one column");
    }
    return new KafkaConnectorRead(
        options, parts.withProjection(Collections.unmodifiableSet(new LinkedHashSet<>(columns))));
  }

  /** Adds options by their connector keys (see the option reference); later values win. */
  public KafkaConnectorRead withOptions(Map<String, String> more) {
    Map<String, String> merged = new LinkedHashMap<>(options);
    merged.putAll(more);
    return with(merged, parts.schema(), parts.metadataColumns());
  }

  /** Sets one option by its connector key. */
  public KafkaConnectorRead withOption(String key, String value) {
    return withOptions(Map.of(key, value));
  }

  /**
   * The columns filled by the value format. Metadata columns are appended after them. Without it, a
   * {@code json} value (and {@code json} key) has its schema inferred from the latest records of
   * the topics when the transform is applied (see {@link KafkaConnectorIO#inferSchema}).
   */
  public KafkaConnectorRead withSchema(Schema physicalSchema) {
    return with(options, physicalSchema, parts.metadataColumns());
  }

  /** {@code properties.bootstrap.servers}. */
  public KafkaConnectorRead withBootstrapServers(String servers) {
    return withOption(BOOTSTRAP_SERVERS.key(), servers);
  }

  /** {@code topic}: one or more topics. */
  public KafkaConnectorRead withTopics(String... topics) {
    return withOption(TOPIC.key(), String.join(";", topics));
  }

  /** {@code topic-pattern}. */
  public KafkaConnectorRead withTopicPattern(String regex) {
    return withOption(TOPIC_PATTERN.key(), regex);
  }

  /** {@code properties.group.id}. */
  public KafkaConnectorRead withGroupId(String groupId) {
    return withOption(GROUP_ID.key(), groupId);
  }

  /** {@code properties.<key>}: a Kafka consumer property. */
  public KafkaConnectorRead withConsumerProperty(String key, String value) {
    return withOption(PROPERTIES_PREFIX + key, value);
  }

  /** {@code format}. */
  public KafkaConnectorRead withFormat(String format) {
    return withOption(FORMAT.key(), format);
  }

  /** {@code scan.startup.mode} (not for timestamp / specific-offsets, which take a value). */
  public KafkaConnectorRead withStartupMode(StartupMode mode) {
    return withOption(SCAN_STARTUP_MODE.key(), mode.toString());
  }

  /** {@code scan.startup.mode} = timestamp with {@code scan.startup.timestamp-millis}. */
  public KafkaConnectorRead withStartupTimestamp(long epochMillis) {
    return withStartupMode(StartupMode.TIMESTAMP)
        .withOption(SCAN_STARTUP_TIMESTAMP_MILLIS.key(), Long.toString(epochMillis));
  }

  /** {@code scan.startup.mode} = specific-offsets with the offsets per partition number. */
  public KafkaConnectorRead withStartupOffsets(Map<Integer, Long> offsets) {
    return withStartupMode(StartupMode.SPECIFIC_OFFSETS)
        .withOption(SCAN_STARTUP_SPECIFIC_OFFSETS.key(), SpecificOffsets.format(offsets));
  }

  /** {@code scan.bounded.mode} = latest-offset: stop at the end offsets seen at start. */
  public KafkaConnectorRead withStopAtLatest() {
    return withOption(SCAN_BOUNDED_MODE.key(), BoundedMode.LATEST_OFFSET.toString());
  }

  /** {@code scan.bounded.mode} = specific-offsets with the stop offsets per partition number. */
  public KafkaConnectorRead withStopOffsets(Map<Integer, Long> offsets) {
    return withOption(SCAN_BOUNDED_MODE.key(), BoundedMode.SPECIFIC_OFFSETS.toString())
        .withOption(SCAN_BOUNDED_SPECIFIC_OFFSETS.key(), SpecificOffsets.format(offsets));
  }

  /**
   * Event time from a column, as Flink's {@code WATERMARK FOR column AS column - INTERVAL ...}:
   * each row's timestamp is the value of {@code column} (TIMESTAMP or TIMESTAMP_LTZ, physical or
   * metadata) and each partition's watermark trails the highest value seen by {@code
   * maxOutOfOrderness}, so event-time windows over the column close. The options {@code
   * scan.watermark.column} and {@code scan.watermark.max-out-of-orderness}.
   */
  public KafkaConnectorRead withWatermark(String column, Duration maxOutOfOrderness) {
    return withOption(SCAN_WATERMARK_COLUMN.key(), column)
        .withOption(
            SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS.key(), maxOutOfOrderness.toMillis() + " ms");
  }

  /**
   * Event time computed from each row, as Flink's {@code WATERMARK FOR ts AS ts - INTERVAL ...} on
   * a computed column: each row's timestamp is {@code eventTime} of the row the formats decoded
   * (with its metadata columns), and each partition's watermark trails the highest one seen by
   * {@code maxOutOfOrderness}. A row whose event time is null or fails is a bad record. Beam SQL
   * tables use it for a watermark on a computed column.
   */
  public KafkaConnectorRead withWatermark(EventTimeFunction eventTime, Duration maxOutOfOrderness) {
    return new KafkaConnectorRead(new LinkedHashMap<>(options), parts.withEventTime(eventTime))
        .withOption(
            SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS.key(), maxOutOfOrderness.toMillis() + " ms");
  }

  /** {@code scan.header-filter}. */
  public KafkaConnectorRead withHeaderFilter(String expression) {
    return withOption(SCAN_HEADER_FILTER.key(), expression);
  }

  /** {@code metadata.list}: metadata columns named after their keys. */
  public KafkaConnectorRead withMetadata(MetadataKey... keys) {
    return withOption(
        METADATA_LIST.key(),
        Arrays.stream(keys).map(MetadataKey::key).collect(Collectors.joining(",")));
  }

  /**
   * A metadata column with a name of its own, for example {@code withMetadataColumn("ts",
   * MetadataKey.TIMESTAMP)}; appended after the columns of {@code metadata.list}.
   */
  public KafkaConnectorRead withMetadataColumn(String columnName, MetadataKey key) {
    return withMetadataColumn(columnName, key.key());
  }

  /**
   * A metadata column with a name of its own for any metadata key, including the value format's
   * ({@code "value.table"}, {@code "value.row-kind"}).
   */
  public KafkaConnectorRead withMetadataColumn(String columnName, String metadataKey) {
    List<MetadataColumn> columns = new ArrayList<>(parts.metadataColumns());
    columns.add(new MetadataColumn(columnName, metadataKey));
    return with(options, parts.schema(), List.copyOf(columns));
  }

  /** The options set so far, by key. */
  public Map<String, String> options() {
    return Collections.unmodifiableMap(options);
  }

  /**
   * Checks the options as applying this source would, without contacting a broker, and returns this
   * source. Without {@code withSchema} (the schema is inferred when applied), it checks what does
   * not depend on the schema: option keys, topics, client settings, offsets and bounds.
   *
   * @throws IllegalArgumentException naming the offending option key and what was expected
   */
  public KafkaConnectorRead validate() {
    if (parts.schema() != null) {
      parse(UNAPPLIED);
    } else if (parts.inferred() != null) {
      concrete(parts.inferred()).parse(UNAPPLIED);
    } else {
      SourceOptionsParser.spec(UNAPPLIED, options, new FormatSelection(options), new ArrayList<>());
    }
    return this;
  }

  /**
   * Validates the options and returns the schema of the rows this source outputs. Requires {@code
   * withSchema}; without it, {@link KafkaConnectorIO#inferSchema} gives the schema.
   */
  public Schema outputSchema() {
    return parse(UNAPPLIED).outputSchema();
  }

  private ParsedSource parse(String sourceId) {
    ParsedSource source =
        SourceOptionsParser.parse(
            sourceId,
            options,
            parts.schema(),
            parts.metadataColumns(),
            parts.primaryKey(),
            parts.projection());
    return parts.eventTime() == null ? source : source.withEventTime(parts.eventTime());
  }

  /**
   * Applies the source. Each application gets its own identity here, so two sources derived from
   * one builder never share consumers, a committer or an error budget; the identity travels with
   * the DoFns, so all workers of one job agree on it.
   */
  @Override
  public PCollection<Row> expand(PBegin input) {
    if (parts.schema() == null) {
      return expandInferred(input);
    }
    ParsedSource source = parse(UUID.randomUUID().toString());
    source.warnings().forEach(w -> LOG.warn("{}: {}", getName(), w));
    if (!source.spec().isBounded()) {
      FlinkWatermarkCheck.warning(input.getPipeline().getOptions())
          .ifPresent(w -> LOG.warn("{}: {}", getName(), w));
    }
    return SourceReads.apply(
            input,
            source.spec(),
            source.decoder(),
            ReadPartitionFn.ROWS,
            source.errorPolicy(),
            parts.badRecordHandler())
        .setRowSchema(source.outputSchema());
  }

  /**
   * Without {@code withSchema}: samples the topics now, at construction, and reads with the
   * inferred schema, so the output carries it like a declared one. Records read later that do not
   * fit it (a wider type) follow the bad-record policy; members it does not know are ignored.
   */
  private PCollection<Row> expandInferred(PBegin input) {
    if (parts.projection() != null) {
      throw new IllegalArgumentException(
          "withProjection needs withSchema: an inferred schema is not projected");
    }
    InferredRead given = parts.inferred();
    Optional<Schema> declared = given == null ? DeclaredSchemas.of(options) : Optional.empty();
    if (declared.isPresent()) {
      LOG.info("{}: columns from the value format: {}", getName(), declared.get());
      return withSchema(declared.get()).expand(input);
    }
    InferredRead inferred =
        given != null
            ? given
            : SchemaInferrer.infer(options, parts.metadataColumns(), new KafkaRecordSampler());
    LOG.info(
        "{}: schema inferred from {} sampled records: {}",
        getName(),
        inferred.sampledRecords(),
        inferred.outputSchema());
    return ReshapeInferredRows.apply(concrete(inferred).expand(input), inferred);
  }

  /** This source with the schema, layout and options of {@code inferred}. */
  private KafkaConnectorRead concrete(InferredRead inferred) {
    return new KafkaConnectorRead(inferred.options(), parts.concrete(inferred));
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    Secrets.addDisplayData(builder, options);
  }

  /** The options with secret values masked. */
  @Override
  public String toString() {
    return "KafkaConnectorRead" + Secrets.redactOptions(options);
  }
}
