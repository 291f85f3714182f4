package dev.kafkaconnector.io.sql;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;

/**
 * Gives rows another schema by taking their fields at given positions: the table's column order
 * from the reader's (physical columns, then metadata), or the sink's columns from the rows of an
 * INSERT (whose field names are the query's). Values are passed as they are, except that an integer
 * column may be declared with another integer type than it is read with (Flink's {@code `offset`
 * INT METADATA}, {@code `part` BIGINT METADATA FROM 'partition'}): its values are converted, and
 * one that does not fit the declared type fails naming the table and the column. The caller checks
 * that the other types agree.
 */
final class RowReshape extends PTransform<PCollection<Row>, PCollection<Row>> {
  private static final long serialVersionUID = 1L;

  private final Schema target;
  private final int[] positions;
  private final String table;
  private final boolean[] integerCasts;

  private RowReshape(Schema target, int[] positions, String table, boolean[] integerCasts) {
    this.target = target;
    this.positions = positions;
    this.table = table;
    this.integerCasts = integerCasts;
  }

  /**
   * The same reshape that also converts the fields of {@code target} at {@code castFields} to their
   * declared integer type (they are read as another integer type).
   */
  RowReshape withIntegerCasts(String table, boolean[] castFields) {
    return new RowReshape(target, positions, table, castFields.clone());
  }

  /**
   * Whether values of {@code read} can be given as {@code declared} by {@link #withIntegerCasts}.
   */
  static boolean integerCastable(Schema.FieldType read, Schema.FieldType declared) {
    return INTEGERS.contains(read.getTypeName()) && INTEGERS.contains(declared.getTypeName());
  }

  private static final java.util.Set<Schema.TypeName> INTEGERS =
      java.util.EnumSet.of(
          Schema.TypeName.BYTE,
          Schema.TypeName.INT16,
          Schema.TypeName.INT32,
          Schema.TypeName.INT64);

  /**
   * @param target the schema of the output rows
   * @param positions for each field of {@code target}, the position of its value in an input row
   */
  static RowReshape to(Schema target, int[] positions) {
    if (positions.length != target.getFieldCount()) {
      throw new IllegalArgumentException(
          "positions " + Arrays.toString(positions) + " do not match " + target);
    }
    return new RowReshape(target, positions.clone(), "", new boolean[positions.length]);
  }

  /** Whether the rows of {@code input} already are what this transform would make. */
  boolean isIdentity(Schema input) {
    for (int i = 0; i < positions.length; i++) {
      if (positions[i] != i || integerCasts[i]) {
        return false;
      }
    }
    return input.equals(target);
  }

  @Override
  public PCollection<Row> expand(PCollection<Row> input) {
    return input.apply("Reshape", ParDo.of(new ReshapeFn(this))).setRowSchema(target);
  }

  private static final class ReshapeFn extends DoFn<Row, Row> {
    private static final long serialVersionUID = 1L;
    private final RowReshape spec;

    ReshapeFn(RowReshape spec) {
      this.spec = spec;
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) {
      List<Object> values = new ArrayList<>(spec.positions.length);
      for (int i = 0; i < spec.positions.length; i++) {
        Object value = row.getValue(spec.positions[i]);
        values.add(spec.integerCasts[i] && value != null ? spec.cast((Number) value, i) : value);
      }
      out.output(Row.withSchema(spec.target).attachValues(values));
    }
  }

  private Object cast(Number value, int field) {
    long v = value.longValue();
    Schema.Field column = target.getField(field);
    Object cast =
        switch (column.getType().getTypeName()) {
          case BYTE -> v == (byte) v ? (Object) (byte) v : null;
          case INT16 -> v == (short) v ? (Object) (short) v : null;
          case INT32 -> v == (int) v ? (Object) (int) v : null;
          default -> v;
        };
    if (cast == null) {
      throw new IllegalArgumentException(
          "Table '"
              + table
              + "': column '"
              + column.getName()
              + "' is declared "
              + column.getType().getTypeName()
              + " but a row has "
              + v
              + ", which does not fit (declare it BIGINT)");
    }
    return cast;
  }
}
