package dev.kafkaconnector.schema.change;

import java.util.List;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A change of one row: an insert (after image only), an update (after image, and the before image
 * when the source has it) or a delete (before image only). Both images follow the same schema, the
 * table's schema at {@code schemaVersion}.
 *
 * @param schemaVersion the version of the table's schema the images follow, as numbered by the step
 *     that produced the event: each reader numbers the schemas it infers itself, the schema
 *     evolution step renumbers into the table's one sequence (0 is the first schema)
 * @param primaryKey the table's primary key columns (columns of the images), empty when unknown:
 *     set by the source when its messages name it (Canal's {@code pkNames}) and by the schema
 *     evolution step from the table's create-table; the CDC sink writes it as the record key
 */
public record DataChangeEvent(
    TableId tableId,
    Op op,
    @Nullable Row before,
    @Nullable Row after,
    long schemaVersion,
    List<String> primaryKey)
    implements ChangeEvent {

  /** The kind of row change. */
  public enum Op {
    INSERT,
    UPDATE,
    DELETE
  }

  public DataChangeEvent {
    Objects.requireNonNull(tableId, "tableId");
    Objects.requireNonNull(op, "op");
    primaryKey = List.copyOf(primaryKey);
    switch (op) {
      case INSERT:
        require(tableId, after != null && before == null, "an insert has an after image only");
        break;
      case UPDATE:
        require(tableId, after != null, "an update has an after image");
        break;
      case DELETE:
        require(tableId, before != null && after == null, "a delete has a before image only");
        break;
      default:
        throw new IllegalStateException(op.name());
    }
    if (before != null && after != null && !before.getSchema().equals(after.getSchema())) {
      throw new IllegalArgumentException(
          "Change of table "
              + tableId
              + ": before and after images have different schemas: "
              + before.getSchema()
              + " and "
              + after.getSchema());
    }
    Row image = after != null ? after : before;
    for (String column : primaryKey) {
      if (!image.getSchema().hasField(column)) {
        throw new IllegalArgumentException(
            "Change of table "
                + tableId
                + ": primary key column '"
                + column
                + "' is not a column of "
                + image.getSchema().getFieldNames());
      }
    }
  }

  /** A change without known primary key. */
  public DataChangeEvent(
      TableId tableId, Op op, @Nullable Row before, @Nullable Row after, long schemaVersion) {
    this(tableId, op, before, after, schemaVersion, List.of());
  }

  private static void require(TableId table, boolean condition, String rule) {
    if (!condition) {
      throw new IllegalArgumentException("Change of table " + table + ": " + rule);
    }
  }

  /** An insert of {@code row}. */
  public static DataChangeEvent insert(TableId table, Row row, long schemaVersion) {
    return new DataChangeEvent(table, Op.INSERT, null, row, schemaVersion);
  }

  /** An update from {@code before} (null when unknown) to {@code after}. */
  public static DataChangeEvent update(
      TableId table, @Nullable Row before, Row after, long schemaVersion) {
    return new DataChangeEvent(table, Op.UPDATE, before, after, schemaVersion);
  }

  /** A delete of {@code row}. */
  public static DataChangeEvent delete(TableId table, Row row, long schemaVersion) {
    return new DataChangeEvent(table, Op.DELETE, row, null, schemaVersion);
  }

  /** The schema of the images. */
  public Schema schema() {
    Row image = after != null ? after : before;
    return Objects.requireNonNull(image).getSchema();
  }

  /**
   * This change with other images (of one new schema) and version, same table, op and primary key.
   */
  public DataChangeEvent withImages(@Nullable Row newBefore, @Nullable Row newAfter, long version) {
    return new DataChangeEvent(tableId, op, newBefore, newAfter, version, primaryKey);
  }

  /** This change with the table's primary key {@code columns} (empty: unknown). */
  public DataChangeEvent withPrimaryKey(List<String> columns) {
    return columns.equals(primaryKey)
        ? this
        : new DataChangeEvent(tableId, op, before, after, schemaVersion, columns);
  }
}
