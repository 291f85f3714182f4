package dev.kafkaconnector.schema.infer;

import dev.kafkaconnector.schema.infer.InferredType.Kind;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;

/**
 * The columns of an inferred schema, each with its path in the JSON document: one element for a
 * top-level member, several for a flattened nested one ({@code nested.col} is {@code [nested,
 * col]}). Columns are sorted by path, so the schema does not depend on the order of the sampled
 * documents; fixed-type columns that the sample lacks come last, in the order given.
 *
 * <p>{@link #schema()} is the flat schema users see; {@link #nestedSchema()} groups flattened
 * columns back into ROW fields, the shape in which a JSON decoder reads them, and {@link
 * RowFlattener} turns such rows into flat ones.
 */
public final class InferredColumns implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The Beam type of an integer too large for BIGINT. */
  public static final FieldType DECIMAL_38_0 =
      FieldType.logicalType(FixedPrecisionNumeric.of(38, 0));

  /** One column: its path in the document and its Beam type. */
  public record Column(List<String> path, FieldType type) implements Serializable {
    /** The column's name: the path joined with dots. */
    public String name() {
      return String.join(".", path);
    }
  }

  private final List<Column> columns;

  private InferredColumns(List<Column> columns) {
    this.columns = List.copyOf(columns);
  }

  /** The columns of a merged top-level type (an OBJECT, or NULL when no document had members). */
  static InferredColumns of(InferredType document, InferenceSettings settings) {
    List<Column> out = new ArrayList<>();
    addColumns(out, new ArrayList<>(), document, false, settings);
    Map<String, Column> byName = new LinkedHashMap<>();
    out.forEach(c -> byName.put(c.name(), c));
    for (Field fixed : settings.fixedTypes().getFields()) {
      Column known = byName.get(fixed.getName());
      List<String> path = known == null ? List.of(fixed.getName()) : known.path();
      byName.put(fixed.getName(), new Column(path, fixed.getType()));
    }
    return new InferredColumns(new ArrayList<>(byName.values()));
  }

  private static void addColumns(
      List<Column> out,
      List<String> path,
      InferredType type,
      boolean parentNullable,
      InferenceSettings settings) {
    for (Map.Entry<String, InferredType> member : type.fields().entrySet()) {
      List<String> memberPath = new ArrayList<>(path);
      memberPath.add(member.getKey());
      InferredType value = member.getValue();
      boolean nullable = parentNullable || value.nullable() || settings.allNullable();
      if (value.kind() == Kind.OBJECT) {
        addColumns(out, memberPath, value, nullable, settings);
      } else {
        out.add(new Column(List.copyOf(memberPath), beamType(value.kind()).withNullable(nullable)));
      }
    }
  }

  /** The Beam type of a scalar kind; NULL (only nulls seen) is STRING. */
  static FieldType beamType(Kind kind) {
    switch (kind) {
      case BOOLEAN:
        return FieldType.BOOLEAN;
      case BIGINT:
        return FieldType.INT64;
      case DECIMAL:
        return DECIMAL_38_0;
      case DOUBLE:
        return FieldType.DOUBLE;
      case DATE:
        return FieldType.logicalType(SqlTypes.DATE);
      case TIME:
        return FieldType.logicalType(SqlTypes.TIME);
      case TIMESTAMP:
        return FieldType.logicalType(SqlTypes.DATETIME);
      case TIMESTAMP_LTZ:
        return FieldType.DATETIME;
      case NULL:
      case STRING:
        return FieldType.STRING;
      default:
        throw new IllegalStateException("no column type for " + kind);
    }
  }

  public List<Column> columns() {
    return columns;
  }

  /** Columns given one by one (for example the key's and the value's, concatenated). */
  public static InferredColumns of(List<Column> columns) {
    return new InferredColumns(columns);
  }

  /**
   * These columns with {@code prefix} before their first path element, as {@code key.fields-prefix}
   * / {@code value.fields-prefix} name them: {@code nested.col} becomes {@code key_nested.col}.
   */
  public InferredColumns withPrefix(String prefix) {
    if (prefix.isEmpty()) {
      return this;
    }
    List<Column> out = new ArrayList<>();
    for (Column c : columns) {
      List<String> path = new ArrayList<>(c.path());
      path.set(0, prefix + path.get(0));
      out.add(new Column(List.copyOf(path), c.type()));
    }
    return new InferredColumns(out);
  }

  /** The top-level field names of {@link #nestedSchema()}, in order. */
  public List<String> topLevelNames() {
    return nestedSchema().getFieldNames();
  }

  /** Whether some column comes from a nested object (its path has more than one element). */
  public boolean hasNestedColumns() {
    return columns.stream().anyMatch(c -> c.path().size() > 1);
  }

  /** The schema: one field per column, named by its path joined with dots. */
  public Schema schema() {
    Schema.Builder b = Schema.builder();
    columns.forEach(c -> b.addField(c.name(), c.type()));
    return b.build();
  }

  /** The schema with a flattened object's columns grouped back into a nullable ROW field. */
  public Schema nestedSchema() {
    return nested(columns, 0);
  }

  private static Schema nested(List<Column> columns, int depth) {
    Map<String, List<Column>> groups = new LinkedHashMap<>();
    Schema.Builder b = Schema.builder();
    for (Column c : columns) {
      if (c.path().size() == depth + 1) {
        groups.put(c.path().get(depth), null);
        b.addField(c.path().get(depth), c.type());
      } else {
        groups.computeIfAbsent(c.path().get(depth), k -> new ArrayList<>()).add(c);
      }
    }
    Schema.Builder out = Schema.builder();
    Schema leaves = b.build();
    for (Map.Entry<String, List<Column>> g : groups.entrySet()) {
      if (g.getValue() == null) {
        out.addField(leaves.getField(g.getKey()));
      } else {
        out.addField(g.getKey(), FieldType.row(nested(g.getValue(), depth + 1)).withNullable(true));
      }
    }
    return out.build();
  }
}
