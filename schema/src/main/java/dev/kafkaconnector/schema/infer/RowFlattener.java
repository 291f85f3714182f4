package dev.kafkaconnector.schema.infer;

import java.io.Serializable;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * Turns rows of {@link InferredColumns#nestedSchema()} (as a JSON decoder reads them), or of any
 * schema that holds the columns' paths, into rows of {@link InferredColumns#schema()}: the value of
 * {@code nested.col} is {@code nested}'s field {@code col}, or null when {@code nested} is null.
 * Paths are resolved to field indexes once.
 */
public final class RowFlattener implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Schema flat;
  private final int[][] indexPaths;

  public RowFlattener(InferredColumns columns) {
    this(columns.nestedSchema(), columns);
  }

  /**
   * @param input the schema of the rows to flatten, which must hold every column's path
   * @throws IllegalArgumentException naming a path that {@code input} does not hold
   */
  public RowFlattener(Schema input, InferredColumns columns) {
    this.flat = columns.schema();
    Schema nested = input;
    List<InferredColumns.Column> list = columns.columns();
    this.indexPaths = new int[list.size()][];
    for (int i = 0; i < list.size(); i++) {
      List<String> path = list.get(i).path();
      int[] indexes = new int[path.size()];
      Schema at = nested;
      for (int d = 0; d < path.size(); d++) {
        if (!at.hasField(path.get(d))) {
          throw new IllegalArgumentException("no field " + path + " in " + input);
        }
        indexes[d] = at.indexOf(path.get(d));
        if (d + 1 < path.size()) {
          at = at.getField(indexes[d]).getType().getRowSchema();
        }
      }
      indexPaths[i] = indexes;
    }
  }

  /** The flat schema of the rows {@link #flatten} returns. */
  public Schema schema() {
    return flat;
  }

  /** The flat row of a nested one. */
  public Row flatten(Row nested) {
    Object[] values = new Object[indexPaths.length];
    for (int i = 0; i < indexPaths.length; i++) {
      Object value = nested;
      for (int index : indexPaths[i]) {
        if (value == null) {
          break;
        }
        value = ((Row) value).getValue(index);
      }
      values[i] = value;
    }
    return Row.withSchema(flat).attachValues(java.util.Arrays.asList(values));
  }
}
