package dev.kafkaconnector.io.transforms;

import com.google.auto.service.AutoService;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWriteChanges;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
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
 * {@code kafka_write_changes} as a Beam schema transform: changelog rows of one table (its columns
 * plus a change-kind column, {@code +I}, {@code -U}, {@code +U}, {@code -D}) written by {@link
 * KafkaConnectorIO#writeChanges()} as debezium-json, canal-json or canal-protobuf messages naming
 * the table ({@code database}, {@code table}) and keyed by its {@code primary_key}. Input {@code
 * input}; with {@code error_handling: {output: <name>}} the rows that could not be written (a bad
 * kind, a record the producer refused) come out under that name, otherwise there is no output.
 */
@AutoService(SchemaTransformProvider.class)
public class KafkaWriteChangesSchemaTransformProvider
    extends KafkaSchemaTransformProvider<KafkaWriteChangesConfiguration> {

  /** The URN of {@code kafka_write_changes}. */
  public static final String IDENTIFIER =
      "beam:schematransform:dev.kafkaconnector:kafka_write_changes:v1";

  /** The name of the rows' input. */
  public static final String INPUT = "input";

  /** The error output's name in the docs' examples ({@code error_handling: {output: errors}}). */
  public static final String ERRORS = "errors";

  private static final String NAME = "kafka_write_changes";

  /** Made by the service loader. */
  public KafkaWriteChangesSchemaTransformProvider() {
    super(
        IDENTIFIER,
        "Writes changelog rows of one table (its columns and a change-kind column: +I, -U, +U,"
            + " -D) to Kafka as debezium-json, canal-json or canal-protobuf change messages with the"
            + " Kafka"
            + " connector's options. With error_handling, rows that cannot be written come out"
            + " under its output name.",
        List.of(INPUT),
        List.of(ERRORS));
  }

  @Override
  protected SchemaTransform from(KafkaWriteChangesConfiguration configuration) {
    return new WriteChangesTransform(configuration);
  }

  /** The sink for {@code configuration}, its options validated. */
  static KafkaConnectorWriteChanges toWrite(KafkaWriteChangesConfiguration configuration) {
    TransformOptions options =
        TransformOptions.sink(NAME, configuration)
            .field("value_format", "value.format", configuration.getValueFormat())
            .field("key_format", "key.format", configuration.getKeyFormat())
            .field(
                "partition_strategy", "partition.strategy", configuration.getPartitionStrategy());
    KafkaConnectorWriteChanges write =
        KafkaConnectorIO.writeChanges().withOptions(options.options());
    return options.validated(write::validate);
  }

  /** The table id of {@code database} and {@code table}. */
  static TableId tableId(TransformOptions names, KafkaWriteChangesConfiguration configuration) {
    String table = configuration.getTable();
    String database = configuration.getDatabase();
    if (table == null || table.isBlank()) {
      throw names.error("field 'table' needs the name of the rows' table");
    }
    if (database != null && database.isBlank()) {
      throw names.error("field 'database' is blank");
    }
    return database == null ? TableId.of(table) : TableId.of(database, table);
  }

  /** The applied form: rows to change events, written; bad rows routed to the error output. */
  static final class WriteChangesTransform extends SchemaTransform {
    private static final long serialVersionUID = 1L;
    private final KafkaConnectorWriteChanges write;
    private final TableId table;
    private final List<String> primaryKey;
    private final String kindColumn;
    private final @Nullable String errorOutput;

    WriteChangesTransform(KafkaWriteChangesConfiguration configuration) {
      TransformOptions names = new TransformOptions(NAME, null);
      this.write = toWrite(configuration);
      this.table = tableId(names, configuration);
      this.primaryKey =
          configuration.getPrimaryKey() == null ? List.of() : configuration.getPrimaryKey();
      this.kindColumn = RowKindColumn.name(names, configuration.getRowKindColumn());
      this.errorOutput = names.errorOutput(configuration.getErrorHandling(), Set.of());
    }

    KafkaConnectorWriteChanges write() {
      return write;
    }

    TableId table() {
      return table;
    }

    /** The layout of {@code input}'s rows, checked: kind column and primary key present. */
    ChangesOfRows.Layout layout(Schema input) {
      TransformOptions names = new TransformOptions(NAME, null);
      if (!input.hasField(kindColumn)
          || input.getField(kindColumn).getType().getTypeName() != Schema.TypeName.STRING) {
        throw names.error(
            "the input needs a STRING column '"
                + kindColumn
                + "' with each row's change kind (+I, -U, +U, -D; field 'row_kind_column'), but"
                + " its columns are "
                + input.getFieldNames());
      }
      for (String column : primaryKey) {
        if (column.equals(kindColumn) || !input.hasField(column)) {
          throw names.error(
              "field 'primary_key' names '"
                  + column
                  + "', which is not a data column of the input "
                  + input.getFieldNames());
        }
      }
      return new ChangesOfRows.Layout(input, kindColumn, table, primaryKey);
    }

    @Override
    public PCollectionRowTuple expand(PCollectionRowTuple input) {
      if (!input.has(INPUT)) {
        throw new TransformOptions(NAME, null)
            .error("no input named '" + INPUT + "' (inputs: " + input.getAll().keySet() + ")");
      }
      PCollection<Row> rows = input.get(INPUT);
      ChangesOfRows.Layout layout = layout(rows.getSchema());
      PCollectionTuple changes =
          rows.apply("ToChanges", new ChangesOfRows(layout, errorOutput != null));
      if (errorOutput == null) {
        changes.get(ChangesOfRows.CHANGES).apply("KafkaWriteChanges", write);
        return PCollectionRowTuple.empty(input.getPipeline());
      }
      BadRecordErrorHandler<PCollection<Row>> errors =
          input
              .getPipeline()
              .registerBadRecordErrorHandler(
                  BadRecordRows.ofWrite(
                      rows.getSchema(),
                      ChangeEventCoder.of(List.of(layout.image())),
                      layout::inputRow));
      changes
          .get(ChangesOfRows.CHANGES)
          .apply("KafkaWriteChanges", write.withBadRecordErrorHandler(errors));
      errors.close();
      PCollection<Row> all =
          PCollectionList.of(errors.getOutput())
              .and(changes.get(ChangesOfRows.ERRORS))
              .apply("AllErrors", Flatten.pCollections());
      return PCollectionRowTuple.of(errorOutput, all.setRowSchema(errors.getOutput().getSchema()));
    }
  }
}
