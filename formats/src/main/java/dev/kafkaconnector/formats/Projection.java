package dev.kafkaconnector.formats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Some columns of a schema, by name: what a query selects (projection push-down). Knows, for each
 * selected column, its position among all the columns, so that positional formats (CSV, Avro) can
 * skip the others while reading and other formats can pick the selected values from a whole row.
 */
public final class Projection {
  private final Schema schema;
  private final Schema selected;
  private final int[] positions;

  private Projection(Schema schema, Schema selected, int[] positions) {
    this.schema = schema;
    this.selected = selected;
    this.positions = positions;
  }

  /**
   * @param schema all the columns of the format's side (key or value)
   * @param selected the columns wanted, a subset of {@code schema} (same names and types, any
   *     order)
   * @throws IllegalArgumentException naming a column of {@code selected} that {@code schema} does
   *     not have, or has with another type
   */
  public static Projection of(Schema schema, Schema selected) {
    int[] positions = new int[selected.getFieldCount()];
    for (int i = 0; i < positions.length; i++) {
      Schema.Field field = selected.getField(i);
      if (!schema.hasField(field.getName())) {
        throw new IllegalArgumentException(
            "Projected column '" + field.getName() + "' is not one of " + schema.getFieldNames());
      }
      int at = schema.indexOf(field.getName());
      if (!schema.getField(at).getType().equals(field.getType())) {
        throw new IllegalArgumentException(
            "Projected column '"
                + field.getName()
                + "' has type "
                + field.getType()
                + " but the format's column is "
                + schema.getField(at).getType());
      }
      positions[i] = at;
    }
    return new Projection(schema, selected, positions);
  }

  /** All the columns. */
  public Schema schema() {
    return schema;
  }

  /** The selected columns, in their order. */
  public Schema selected() {
    return selected;
  }

  /** Whether every column is selected, in order. */
  public boolean isAll() {
    return selected.equals(schema);
  }

  /**
   * For each column of {@link #schema()}, its position in the selected columns, or -1 when it is
   * not selected.
   */
  public int[] targets() {
    int[] targets = new int[schema.getFieldCount()];
    Arrays.fill(targets, -1);
    for (int i = 0; i < positions.length; i++) {
      targets[positions[i]] = i;
    }
    return targets;
  }

  /**
   * A decoder of the selected columns (then the requested format metadata) that decodes whole rows
   * with {@code whole} and picks the selected values: correct for any format, but it saves nothing;
   * formats that can skip columns override {@link FormatFactory#createDecoder(Schema, Schema,
   * FormatContext)} instead.
   *
   * @param whole a decoder of {@link #schema()} with {@code metadataCount} metadata values after
   *     the columns
   * @param produced the schema of the picked rows: the selected columns, then the metadata
   */
  RowDecoder picking(RowDecoder whole, int metadataCount, Schema produced) {
    int[] from = Arrays.copyOf(positions, positions.length + metadataCount);
    for (int j = 0; j < metadataCount; j++) {
      from[positions.length + j] = schema.getFieldCount() + j;
    }
    return new PickingDecoder(whole, from, produced);
  }

  /** Decodes whole rows and keeps the values at given positions. */
  private static final class PickingDecoder implements RowDecoder {
    private static final long serialVersionUID = 1L;
    private final RowDecoder whole;
    private final int[] from;
    private final Schema produced;

    PickingDecoder(RowDecoder whole, int[] from, Schema produced) {
      this.whole = whole;
      this.from = from;
      this.produced = produced;
    }

    @Override
    public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
      whole.decode(
          message,
          row -> {
            List<Object> values = new ArrayList<>(from.length);
            for (int position : from) {
              values.add(row.getValue(position));
            }
            out.collect(Row.withSchema(produced).attachValues(values));
          });
    }
  }
}
