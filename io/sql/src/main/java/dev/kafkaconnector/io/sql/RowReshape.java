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
 * INSERT (whose field names are the query's). Values are passed as they are; the caller checks that
 * the types agree.
 */
final class RowReshape extends PTransform<PCollection<Row>, PCollection<Row>> {
  private static final long serialVersionUID = 1L;

  private final Schema target;
  private final int[] positions;

  private RowReshape(Schema target, int[] positions) {
    this.target = target;
    this.positions = positions;
  }

  /**
   * @param target the schema of the output rows
   * @param positions for each field of {@code target}, the position of its value in an input row
   */
  static RowReshape to(Schema target, int[] positions) {
    if (positions.length != target.getFieldCount()) {
      throw new IllegalArgumentException(
          "positions " + Arrays.toString(positions) + " do not match " + target);
    }
    return new RowReshape(target, positions.clone());
  }

  /** Whether the rows of {@code input} already are what this transform would make. */
  boolean isIdentity(Schema input) {
    for (int i = 0; i < positions.length; i++) {
      if (positions[i] != i) {
        return false;
      }
    }
    return input.equals(target);
  }

  @Override
  public PCollection<Row> expand(PCollection<Row> input) {
    return input.apply("Reshape", ParDo.of(new ReshapeFn(target, positions))).setRowSchema(target);
  }

  private static final class ReshapeFn extends DoFn<Row, Row> {
    private static final long serialVersionUID = 1L;
    private final Schema target;
    private final int[] positions;

    ReshapeFn(Schema target, int[] positions) {
      this.target = target;
      this.positions = positions;
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) {
      List<Object> values = new ArrayList<>(positions.length);
      for (int position : positions) {
        values.add(row.getValue(position));
      }
      out.output(Row.withSchema(target).attachValues(values));
    }
  }
}
