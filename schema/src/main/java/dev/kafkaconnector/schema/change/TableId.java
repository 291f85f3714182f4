package dev.kafkaconnector.schema.change;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The identity of a table in a change stream, in the three parts of Flink CDC's {@code TableId}:
 * namespace, schema and table, the first two optional. The usual two-part form {@code db.table} is
 * schema {@code db} and table {@code table} (no namespace), as the spec maps it to Debezium's
 * {@code source.db} / {@code source.table}; the three-part form is {@code namespace.schema.table}.
 *
 * @param namespace the first of three parts, or null
 * @param schemaName the database (two parts) or schema (three parts), or null
 * @param tableName the table, never null or empty
 */
public record TableId(@Nullable String namespace, @Nullable String schemaName, String tableName)
    implements Serializable {

  public TableId {
    Objects.requireNonNull(tableName, "tableName");
    if (tableName.isEmpty()) {
      throw new IllegalArgumentException("a table id needs a non-empty table name");
    }
    if (namespace != null && schemaName == null) {
      throw new IllegalArgumentException(
          "a table id with a namespace needs a schema name: " + namespace + ".?." + tableName);
    }
  }

  /** A one-part id: just the table (for example a topic name, dots and all). */
  public static TableId of(String table) {
    return new TableId(null, null, table);
  }

  /** The usual two-part id {@code db.table}. */
  public static TableId of(String schemaName, String table) {
    return new TableId(null, Objects.requireNonNull(schemaName, "schemaName"), table);
  }

  /** A three-part id {@code namespace.schema.table}. */
  public static TableId of(String namespace, String schemaName, String table) {
    return new TableId(
        Objects.requireNonNull(namespace, "namespace"),
        Objects.requireNonNull(schemaName, "schemaName"),
        table);
  }

  /**
   * An id from one to three parts, in order (as {@code json.decode.parser-table-id.fields} gives
   * them: {@code [a, b]} is {@code a.b}).
   *
   * @throws IllegalArgumentException for no part, more than three, or an empty one
   */
  public static TableId ofParts(List<String> parts) {
    for (String part : parts) {
      if (part == null || part.isEmpty()) {
        throw new IllegalArgumentException("empty part in table id " + parts);
      }
    }
    switch (parts.size()) {
      case 1:
        return of(parts.get(0));
      case 2:
        return of(parts.get(0), parts.get(1));
      case 3:
        return of(parts.get(0), parts.get(1), parts.get(2));
      default:
        throw new IllegalArgumentException(
            "a table id has one to three parts, but " + parts + " has " + parts.size());
    }
  }

  /**
   * Parses {@code db.table} / {@code ns.db.table} / {@code table} by splitting at dots. Use {@link
   * #of(String)} for a name that may hold dots itself (a topic name).
   */
  public static TableId parse(String text) {
    return ofParts(List.of(text.split("\\.", -1)));
  }

  /** The parts present, outermost first. */
  public List<String> parts() {
    List<String> out = new ArrayList<>(3);
    if (namespace != null) {
      out.add(namespace);
    }
    if (schemaName != null) {
      out.add(schemaName);
    }
    out.add(tableName);
    return out;
  }

  /** The parts joined with dots: {@code db.table}, the default topic of the CDC sink. */
  public String identifier() {
    return String.join(".", parts());
  }

  @Override
  public String toString() {
    return identifier();
  }
}
