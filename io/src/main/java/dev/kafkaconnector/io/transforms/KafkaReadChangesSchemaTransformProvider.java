package dev.kafkaconnector.io.transforms;

import com.google.auto.service.AutoService;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorReadChanges;
import dev.kafkaconnector.io.cdc.InitialSchemas;
import dev.kafkaconnector.io.cdc.SchemaChangeBehavior;
import dev.kafkaconnector.io.cdc.source.ChangeSeeds;
import dev.kafkaconnector.io.cdc.source.ChangeSourceParser;
import dev.kafkaconnector.io.cdc.source.ChangeSourceParser.ParsedChangeSource;
import dev.kafkaconnector.io.infer.KafkaRecordSampler;
import dev.kafkaconnector.schema.change.ChangeEvent;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.transforms.Flatten;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionList;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code kafka_read_changes} as a Beam schema transform: {@link KafkaConnectorIO#readChanges()}
 * configured by a row ({@link KafkaReadChangesConfiguration}), its change events of many tables
 * turned into changelog rows, one output per configured table (named by the table id, see {@link
 * ChangeTables#outputName}) whose rows are the table's columns plus a change-kind column ({@code
 * +I}, {@code -U}, {@code +U}, {@code -D}). A {@code PCollection} has one schema, so each table's
 * columns are fixed when the transform is expanded: declared in {@code schemas}, or inferred from
 * the pre-fetched records. With {@code error_handling: {output: <name>}}, records that cannot be
 * read and changes that do not fit their table's columns come out under that name.
 */
@AutoService(SchemaTransformProvider.class)
public class KafkaReadChangesSchemaTransformProvider
    extends KafkaSchemaTransformProvider<KafkaReadChangesConfiguration> {

  /** The URN of {@code kafka_read_changes}. */
  public static final String IDENTIFIER =
      "beam:schematransform:dev.kafkaconnector:kafka_read_changes:v1";

  /** The error output's name in the docs' examples ({@code error_handling: {output: errors}}). */
  public static final String ERRORS = "errors";

  private static final String NAME = "kafka_read_changes";

  /**
   * Made by the service loader. The error output is the one output known before configuration: the
   * tables' outputs are named by the configuration's {@code tables}.
   */
  public KafkaReadChangesSchemaTransformProvider() {
    super(
        IDENTIFIER,
        "Reads a Kafka change stream (debezium-json, canal-json, maxwell-json, json) with the"
            + " Kafka connector's options as changelog rows: one output per table of 'tables',"
            + " named by its id, with the table's columns and a change-kind column (+I, -U, +U,"
            + " -D). With error_handling, records that cannot be read come out under its output"
            + " name.",
        List.of(),
        List.of(ERRORS));
  }

  @Override
  protected SchemaTransform from(KafkaReadChangesConfiguration configuration) {
    return new ReadChangesTransform(configuration);
  }

  /** The options of {@code configuration}, by key, not yet validated. */
  static TransformOptions toOptions(KafkaReadChangesConfiguration configuration) {
    TransformOptions options =
        TransformOptions.source(NAME, configuration)
            .field("value_format", "value.format", configuration.getValueFormat());
    Map<String, String> schemas = configuration.getSchemas();
    if (schemas != null && !schemas.isEmpty()) {
      String given = options.options().get(InitialSchemas.KEY);
      String ddls = (given == null ? "" : given.strip() + "\n") + ChangeTables.ddls(schemas);
      options.options().put(InitialSchemas.KEY, ddls);
    }
    return options;
  }

  /** {@code schema_change_behavior}, LENIENT unless set. */
  static SchemaChangeBehavior behavior(TransformOptions names, @Nullable String value) {
    if (value == null) {
      return SchemaChangeBehavior.LENIENT;
    }
    try {
      return SchemaChangeBehavior.valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw names.error(
          "field 'schema_change_behavior' = '"
              + value
              + "' is not one of "
              + Arrays.toString(SchemaChangeBehavior.values()));
    }
  }

  /** The applied form: the change source, its events split into per-table changelog rows. */
  static final class ReadChangesTransform extends SchemaTransform {
    private static final long serialVersionUID = 1L;
    private final Map<String, String> options;
    private final KafkaConnectorReadChanges read;
    private final List<String> tables;
    private final String kindColumn;
    private final @Nullable String errorOutput;

    ReadChangesTransform(KafkaReadChangesConfiguration configuration) {
      TransformOptions names = toOptions(configuration);
      this.errorOutput = names.errorOutput(configuration.getErrorHandling(), Set.of());
      this.tables =
          ChangeTables.check(
              names, configuration.getTables(), configuration.getSchemas(), errorOutput);
      this.kindColumn = RowKindColumn.name(names, configuration.getRowKindColumn());
      this.options = Map.copyOf(names.options());
      KafkaConnectorReadChanges configured =
          KafkaConnectorIO.readChanges()
              .withOptions(options)
              .withSchemaChangeBehavior(behavior(names, configuration.getSchemaChangeBehavior()));
      this.read = names.validated(configured::validate);
    }

    KafkaConnectorReadChanges read() {
      return read;
    }

    Map<String, String> options() {
      return options;
    }

    /** The tables' schemas: declared, else inferred from the pre-fetched records (a broker). */
    ChangeTables resolveTables() {
      TransformOptions names = new TransformOptions(NAME, null);
      ParsedChangeSource source =
          names.validated(() -> ChangeSourceParser.parse(UUID.randomUUID().toString(), options));
      return ChangeTables.resolve(
          names,
          tables,
          source.initialSchemas(),
          () ->
              ChangeSeeds.of(
                  source.spec(),
                  source.decoder(),
                  source.preFetchPerPartition(),
                  source.initialSchemas(),
                  new KafkaRecordSampler()),
          kindColumn);
    }

    @Override
    public PCollectionRowTuple expand(PCollectionRowTuple input) {
      Pipeline pipeline = input.getPipeline();
      ChangeTables resolved = resolveTables();
      BadRecordErrorHandler<PCollection<Row>> errors =
          errorOutput == null
              ? null
              : pipeline.registerBadRecordErrorHandler(BadRecordRows.ofRead());
      PCollection<ChangeEvent> changes =
          pipeline.apply(
              "KafkaReadChanges", errors == null ? read : read.withBadRecordErrorHandler(errors));
      PCollectionTuple rows = changes.apply("TableRows", new TableRows(resolved, errors != null));
      PCollectionRowTuple out = PCollectionRowTuple.empty(pipeline);
      for (ChangeTables.Table table : resolved.tables()) {
        out = out.and(table.output(), rows.get(TableRows.tag(table)));
      }
      if (errors == null) {
        return out;
      }
      errors.close();
      PCollection<Row> all =
          PCollectionList.of(errors.getOutput())
              .and(rows.get(TableRows.ERRORS))
              .apply("AllErrors", Flatten.pCollections());
      return out.and(errorOutput, all.setRowSchema(BadRecordRows.READ_ERRORS));
    }
  }
}
