package dev.kafkaconnector.io;

import dev.kafkaconnector.io.cdc.SchemaChangeBehavior;
import dev.kafkaconnector.io.cdc.SchemaEvolution;
import dev.kafkaconnector.io.cdc.source.ChangeRecordDecoder;
import dev.kafkaconnector.io.cdc.source.ChangeSeeds;
import dev.kafkaconnector.io.cdc.source.ChangeSourceParser;
import dev.kafkaconnector.io.cdc.source.ChangeSourceParser.ParsedChangeSource;
import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.infer.KafkaRecordSampler;
import dev.kafkaconnector.io.runner.FlinkWatermarkCheck;
import dev.kafkaconnector.io.source.SourceReads;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.TupleTag;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The change-stream source: reads change messages (debezium-json, canal-json, maxwell-json, or
 * plain json with table ids from its members) of many tables from Kafka, infers each table's schema
 * as records arrive, and gives a {@code PCollection} of {@link ChangeEvent}s: per table a
 * create-table event, the schema changes as the table widens, and data changes whose rows follow
 * them (with {@code scan.emit.create-table-events.in-batch.enabled}, the create-table events of the
 * tables known at startup come from one step when the job starts). The last step is {@link
 * SchemaEvolution}, keyed by table id, which merges what parallel readers infer and applies {@code
 * schema.change.behavior}. Configured with the spec's option keys ({@link #withOptions});
 * immutable.
 */
public final class KafkaConnectorReadChanges extends PTransform<PBegin, PCollection<ChangeEvent>> {
  private static final long serialVersionUID = 1L;
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(KafkaConnectorReadChanges.class);

  /** The reader's output of change events. */
  static final TupleTag<ChangeEvent> CHANGES = new TupleTag<ChangeEvent>() {};

  private final Map<String, String> options;
  private final SchemaChangeBehavior behavior;
  private final @Nullable ErrorHandler<BadRecord, ?> badRecordHandler;

  private KafkaConnectorReadChanges(
      Map<String, String> options,
      SchemaChangeBehavior behavior,
      @Nullable ErrorHandler<BadRecord, ?> badRecordHandler) {
    this.options = Map.copyOf(options);
    this.behavior = behavior;
    this.badRecordHandler = badRecordHandler;
  }

  static KafkaConnectorReadChanges create() {
    return new KafkaConnectorReadChanges(Map.of(), SchemaChangeBehavior.LENIENT, null);
  }

  /** Adds options (the spec's keys); later values replace earlier ones. */
  public KafkaConnectorReadChanges withOptions(Map<String, String> more) {
    Map<String, String> all = new LinkedHashMap<>(options);
    all.putAll(more);
    return new KafkaConnectorReadChanges(all, behavior, badRecordHandler);
  }

  public KafkaConnectorReadChanges withOption(String key, String value) {
    return withOptions(Map.of(key, value));
  }

  /** The pipeline's {@code schema.change.behavior} (LENIENT unless set). */
  public KafkaConnectorReadChanges withSchemaChangeBehavior(SchemaChangeBehavior value) {
    return new KafkaConnectorReadChanges(options, value, badRecordHandler);
  }

  /** Records that cannot be read go to {@code handler} with the reason, instead of the policy. */
  public KafkaConnectorReadChanges withBadRecordErrorHandler(ErrorHandler<BadRecord, ?> handler) {
    return new KafkaConnectorReadChanges(options, behavior, handler);
  }

  /**
   * Checks the options as applying this source would, without contacting a broker, and returns this
   * source.
   *
   * @throws IllegalArgumentException naming the offending option key and what was expected
   */
  public KafkaConnectorReadChanges validate() {
    ChangeSourceParser.parse("unapplied", options);
    return this;
  }

  @Override
  public PCollection<ChangeEvent> expand(PBegin input) {
    ParsedChangeSource source = ChangeSourceParser.parse(UUID.randomUUID().toString(), options);
    source.warnings().forEach(w -> LOG.warn("{}: {}", getName(), w));
    if (!source.spec().isBounded()) {
      FlinkWatermarkCheck.warning(input.getPipeline().getOptions())
          .ifPresent(w -> LOG.warn("{}: {}", getName(), w));
    }
    ChangeSeeds.Known known =
        ChangeSeeds.known(
            source.spec(),
            source.decoder(),
            source.preFetchPerPartition(),
            source.initialSchemas(),
            new KafkaRecordSampler());
    Map<TableId, Schema> seeds = known.schemas();
    if (!seeds.isEmpty()) {
      LOG.info("{}: tables known before reading: {}", getName(), seeds);
    }
    ChangeRecordDecoder decoder = source.decoder().withSeeds(seeds);
    ChangeEventCoder coder = ChangeEventCoder.of(new ArrayList<>(seeds.values()));
    PCollection<ChangeEvent> changes =
        SourceReads.apply(
                input, source.spec(), decoder, CHANGES, source.errorPolicy(), badRecordHandler)
            .setCoder(coder);
    if (source.createTablesInBatch() && !seeds.isEmpty()) {
      changes =
          PCollectionList.of(
                  input.apply(
                      "CreateTablesInBatch",
                      Create.<ChangeEvent>of(new ArrayList<>(known.createTableEvents()))
                          .withCoder(coder)))
              .and(changes)
              .apply("WithCreateTables", Flatten.pCollections());
    }
    return changes.apply(
        "EvolveSchemas", SchemaEvolution.of(behavior).withInitialSchemas(source.initialSchemas()));
  }

  @Override
  public void populateDisplayData(DisplayData.Builder builder) {
    super.populateDisplayData(builder);
    builder.add(DisplayData.item("schema.change.behavior", behavior.toString()));
    Secrets.addDisplayData(builder, options);
  }

  /** The options with secret values masked. */
  @Override
  public String toString() {
    return "KafkaConnectorReadChanges" + Secrets.redactOptions(options);
  }
}
