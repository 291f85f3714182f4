package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import java.util.List;
import org.apache.beam.sdk.extensions.sql.meta.BeamSqlTableFilter;
import org.apache.beam.sdk.extensions.sql.meta.DefaultTableFilter;
import org.apache.beam.sdk.extensions.sql.meta.ProjectSupport;
import org.apache.beam.sdk.extensions.sql.meta.SchemaBaseBeamTable;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.EquivalenceNullablePolicy;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.POutput;
import org.apache.beam.sdk.values.Row;

/**
 * A Kafka topic as a Beam SQL table: {@code SELECT} reads it with {@code KafkaConnectorIO.read()},
 * {@code INSERT} writes with {@code KafkaConnectorIO.write()}, both configured from the table's
 * TBLPROPERTIES. Bounded when {@code scan.bounded.mode} says where reading stops. Every error of
 * the options names the table.
 */
final class KafkaSqlTable extends SchemaBaseBeamTable implements KafkaBackedTable {
  private static final long serialVersionUID = 1L;

  /** The table type of plain Kafka tables (Flink's {@code 'connector' = 'kafka'}). */
  static final String KAFKA_TYPE = "kafka-connector";

  /** The table type of upsert tables (Flink's {@code 'connector' = 'upsert-kafka'}). */
  static final String UPSERT_TYPE = "upsert-kafka";

  private final TableDefinition definition;

  KafkaSqlTable(TableDefinition definition) {
    super(definition.schema());
    this.definition = definition;
  }

  @Override
  public PCollection<Row> buildIOReader(PBegin begin) {
    return read(begin, definition.read(), schema);
  }

  /**
   * Projection push-down: Beam SQL's planner passes the columns a query uses, and the source
   * decodes only those (see {@link KafkaConnectorRead#withProjection}).
   */
  @Override
  public ProjectSupport supportsProjects() {
    return ProjectSupport.WITH_FIELD_REORDERING;
  }

  @Override
  public PCollection<Row> buildIOReader(
      PBegin begin, BeamSqlTableFilter filters, List<String> fieldNames) {
    if (!(filters instanceof DefaultTableFilter)) {
      throw new IllegalArgumentException(
          "Table '" + definition.name() + "' pushes no filter down, but was given " + filters);
    }
    if (fieldNames.isEmpty()) {
      return buildIOReader(begin);
    }
    Schema.Builder target = Schema.builder();
    fieldNames.forEach(name -> target.addField(schema.getField(name)));
    // a computed column reads other columns (so does a watermark on one): the source reads all
    boolean computed =
        definition.computedWatermark() != null
            || fieldNames.stream().anyMatch(definition.computed()::containsKey);
    KafkaConnectorRead read =
        computed ? definition.read() : definition.read().withProjection(fieldNames);
    return read(begin, read, target.build());
  }

  private PCollection<Row> read(PBegin begin, KafkaConnectorRead read, Schema target) {
    Schema source = definition.named(read::outputSchema);
    PCollection<Row> rows = begin.apply("Read " + definition.name(), read);
    Schema produced = source;
    if (target.getFieldNames().stream().anyMatch(definition.computed()::containsKey)) {
      ComputedColumns computed =
          definition.named(
              () -> ComputedColumns.of(definition.name(), source, definition.computed(), schema));
      rows = rows.apply("Computed columns", computed);
      produced = computed.output();
    }
    boolean[] casts = new boolean[target.getFieldCount()];
    RowReshape reshape =
        RowReshape.to(target, readPositions(produced, target, casts))
            .withIntegerCasts(definition.name(), casts);
    return reshape.isIdentity(produced) ? rows : rows.apply("Columns", reshape);
  }

  @Override
  public POutput buildIOWriter(PCollection<Row> input) {
    Schema target = definition.writeSchema();
    KafkaConnectorWrite write = definition.write();
    definition.named(
        () -> {
          write.validate(target);
          return null;
        });
    Schema in = input.getSchema();
    if (in.getFieldCount() != schema.getFieldCount()) {
      throw new IllegalArgumentException(
          "Table '"
              + definition.name()
              + "': INSERT gives "
              + in.getFieldCount()
              + " columns, the table has "
              + schema.getFieldCount());
    }
    int[] positions = new int[target.getFieldCount()];
    for (int i = 0; i < positions.length; i++) {
      positions[i] = schema.indexOf(target.getField(i).getName());
    }
    return input
        .apply("Columns of " + definition.name(), RowReshape.to(target, positions))
        .apply("Write " + definition.name(), write);
  }

  @Override
  public PCollection.IsBounded isBounded() {
    return definition.bounded() ? PCollection.IsBounded.BOUNDED : PCollection.IsBounded.UNBOUNDED;
  }

  /**
   * The reader's position of each column of {@code target}, checking that the types agree; marks in
   * {@code casts} the integer columns read as another integer type.
   */
  private int[] readPositions(Schema produced, Schema target, boolean[] casts) {
    int[] positions = new int[target.getFieldCount()];
    for (int i = 0; i < positions.length; i++) {
      Schema.Field column = target.getField(i);
      int at = produced.indexOf(column.getName());
      Schema.FieldType actual = produced.getField(at).getType();
      if (!actual.equivalent(column.getType(), EquivalenceNullablePolicy.IGNORE)
          && RowReshape.integerCastable(actual, column.getType())) {
        casts[i] = true;
      } else if (!actual.equivalent(column.getType(), EquivalenceNullablePolicy.IGNORE)) {
        throw new IllegalArgumentException(
            "Table '"
                + definition.name()
                + "': column '"
                + column.getName()
                + "' is declared "
                + column.getType()
                + " but is read as "
                + actual
                + " (check the type of its metadata key in key 'metadata')");
      }
      positions[i] = at;
    }
    return positions;
  }

  @Override
  public java.util.Map<String, String> connectorOptions() {
    return definition.options();
  }

  @Override
  public String toString() {
    return definition.toString();
  }
}
