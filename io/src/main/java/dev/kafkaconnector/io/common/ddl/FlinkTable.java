package dev.kafkaconnector.io.common.ddl;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A Flink {@code CREATE TABLE} statement as {@link FlinkDdlParser} read it, before translation.
 *
 * @param name the table name, one part per dot ({@code db.`t`} is {@code [db, t]})
 * @param ifNotExists whether {@code IF NOT EXISTS} was given
 * @param columns the columns in declaration order
 * @param primaryKey the {@code PRIMARY KEY ... NOT ENFORCED} columns, else empty
 * @param watermark the {@code WATERMARK FOR} clause, or null
 * @param comment the table comment, or null
 * @param options the WITH options in their order, keys and values verbatim (a repeated key: the
 *     last value, as in Flink)
 */
public record FlinkTable(
    List<String> name,
    boolean ifNotExists,
    List<Column> columns,
    List<String> primaryKey,
    @Nullable Watermark watermark,
    @Nullable String comment,
    Map<String, String> options) {

  /** The name as written in messages: the parts joined by dots. */
  public String displayName() {
    return String.join(".", name);
  }

  /** The column named {@code name}, or null. */
  @Nullable
  public Column column(String name) {
    return columns.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  /**
   * One column.
   *
   * @param name the column name
   * @param type its type as the schema module reads the Flink type; null for a computed column,
   *     whose type is its expression's (known once the expression is compiled)
   * @param typeText the type as written (the expression, for a computed column)
   * @param metadataKey for {@code METADATA [FROM 'key']}, the key (the column name without FROM);
   *     null for a physical column
   * @param virtual whether {@code VIRTUAL} was given: read, never written
   * @param comment the column comment, or null
   * @param expression for a computed column ({@code name AS expression}), the expression as
   *     written; null for a physical or metadata column
   */
  public record Column(
      String name,
      @Nullable FieldType type,
      String typeText,
      @Nullable String metadataKey,
      boolean virtual,
      @Nullable String comment,
      @Nullable String expression) {

    /** Whether this is a computed column ({@code name AS expression}). */
    public boolean computed() {
      return expression != null;
    }
  }

  /**
   * The {@code WATERMARK FOR column AS expression} clause.
   *
   * @param column the rowtime column
   * @param expression the expression as written
   * @param delay for {@code column} or {@code column - INTERVAL 'n' unit}, the bound of
   *     out-of-orderness; null for any other expression
   */
  public record Watermark(String column, String expression, @Nullable Duration delay) {}
}
