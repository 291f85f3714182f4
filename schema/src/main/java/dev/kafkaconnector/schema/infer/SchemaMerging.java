package dev.kafkaconnector.schema.infer;

import dev.kafkaconnector.schema.ColumnType;
import dev.kafkaconnector.schema.SqlTypeRoot;
import dev.kafkaconnector.schema.infer.InferredType.Kind;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The inference lattice on Beam schemas: the least schema that holds the rows of two schemas, for
 * the schema-evolution step that merges the schemas parallel readers inferred. On the types JSON
 * inference produces ({@link InferredColumns#beamType}) it is exactly {@link InferredType#merge},
 * so merging per-reader schemas gives what one reader seeing all the records would have inferred;
 * on the other SQL types (a DDL's INT, FLOAT, DECIMAL(10, 2), VARCHAR(n)) it is Flink CDC's
 * type-merging tree ({@link SqlTypeRoot#widen}) with the lattice's two choices: DECIMAL widens to
 * DOUBLE (not to STRING), and DATE meets TIMESTAMP only in STRING.
 *
 * <p>The type merge is commutative, associative and idempotent; nullability is ORed. Two DECIMAL(p,
 * s) keep enough integer digits and the larger scale (at most 38 digits); an integer joins a
 * DECIMAL(p, s) with its own digits; TIMESTAMP_LTZ keeps the higher precision; ROWs merge field by
 * field, ARRAYs and MAPs element by element; anything else meets in STRING.
 *
 * <p>Schemas merge column by column: the first schema's columns keep their order and the columns
 * only the second has are appended in its order, so the set of columns and their types do not
 * depend on the order in which schemas arrive, and only the position of later columns does. A
 * column one side lacks becomes nullable (rows of that side have no value for it).
 */
public final class SchemaMerging {
  private static final int MAX_DECIMAL_PRECISION = 38;

  private SchemaMerging() {}

  /** The least schema holding the rows of both (see the class comment). */
  public static Schema merge(@Nullable Schema current, Schema incoming) {
    if (current == null) {
      return incoming;
    }
    if (current.equals(incoming)) {
      return current;
    }
    Schema.Builder out = Schema.builder();
    for (Field field : current.getFields()) {
      String name = field.getName();
      FieldType type =
          incoming.hasField(name)
              ? mergeTypes(field.getType(), incoming.getField(name).getType())
              : field.getType().withNullable(true);
      out.addField(field.withType(type));
    }
    for (Field field : incoming.getFields()) {
      if (!current.hasField(field.getName())) {
        out.addField(field.withType(field.getType().withNullable(true)));
      }
    }
    return out.setOptions(current.getOptions()).build();
  }

  /**
   * Merges only the columns {@code columns} names into {@code current} (an added column, an altered
   * type): columns it does not name are left as they are, new ones are appended nullable.
   */
  public static Schema mergeColumns(@Nullable Schema current, Schema columns) {
    if (current == null) {
      return columns;
    }
    Schema.Builder out = Schema.builder();
    for (Field field : current.getFields()) {
      String name = field.getName();
      out.addField(
          columns.hasField(name)
              ? field.withType(mergeTypes(field.getType(), columns.getField(name).getType()))
              : field);
    }
    for (Field field : columns.getFields()) {
      if (!current.hasField(field.getName())) {
        out.addField(field.withType(field.getType().withNullable(true)));
      }
    }
    return out.setOptions(current.getOptions()).build();
  }

  /** Whether {@code wide} holds every row of {@code narrow}: merging adds nothing to it. */
  public static boolean holds(Schema wide, Schema narrow) {
    return merge(wide, narrow).equals(wide);
  }

  /** The least type holding the values of both. */
  public static FieldType mergeTypes(FieldType a, FieldType b) {
    boolean nullable = isNullable(a) || isNullable(b);
    FieldType left = a.withNullable(false);
    FieldType right = b.withNullable(false);
    return mergeNonNull(left, right).withNullable(nullable);
  }

  private static FieldType mergeNonNull(FieldType a, FieldType b) {
    if (a.equals(b)) {
      return a;
    }
    Kind ka = kindOf(a);
    Kind kb = kindOf(b);
    if (ka != null && kb != null) {
      return InferredColumns.beamType(InferredType.mergeKinds(ka, kb));
    }
    ColumnType ca = ColumnType.ofOrNull(a);
    ColumnType cb = ColumnType.ofOrNull(b);
    if (ca == null || cb == null) {
      return FieldType.STRING; // logical types outside the model meet only in STRING
    }
    SqlTypeRoot ra = ca.root();
    SqlTypeRoot rb = cb.root();
    if (ra == SqlTypeRoot.ROW && rb == SqlTypeRoot.ROW) {
      return FieldType.row(merge(a.getRowSchema(), b.getRowSchema()));
    }
    if (ra == SqlTypeRoot.ARRAY && rb == SqlTypeRoot.ARRAY) {
      FieldType element = mergeTypes(a.getCollectionElementType(), b.getCollectionElementType());
      return a.getTypeName() == TypeName.ITERABLE && b.getTypeName() == TypeName.ITERABLE
          ? FieldType.iterable(element)
          : FieldType.array(element);
    }
    if (ra == SqlTypeRoot.MAP && rb == SqlTypeRoot.MAP) {
      return FieldType.map(
          mergeTypes(a.getMapKeyType(), b.getMapKeyType()),
          mergeTypes(a.getMapValueType(), b.getMapValueType()));
    }
    SqlTypeRoot root = widenRoot(ra, rb);
    if (root == ra && root == rb) {
      return sameRoot(root, ca, cb);
    }
    if (root == SqlTypeRoot.DECIMAL) {
      return ra == SqlTypeRoot.DECIMAL ? decimalWithInteger(ca, rb) : decimalWithInteger(cb, ra);
    }
    if (root == ra) {
      return a;
    }
    if (root == rb) {
      return b;
    }
    return root == SqlTypeRoot.DOUBLE ? FieldType.DOUBLE : FieldType.STRING;
  }

  /** Flink CDC's tree with the lattice's two choices (see the class comment). */
  static SqlTypeRoot widenRoot(SqlTypeRoot a, SqlTypeRoot b) {
    if (isDecimalAndFloating(a, b) || isDecimalAndFloating(b, a)) {
      return SqlTypeRoot.DOUBLE;
    }
    if (isDateAndTimestamp(a, b) || isDateAndTimestamp(b, a)) {
      return SqlTypeRoot.STRING;
    }
    return SqlTypeRoot.widen(a, b);
  }

  private static boolean isDecimalAndFloating(SqlTypeRoot a, SqlTypeRoot b) {
    return a == SqlTypeRoot.DECIMAL && (b == SqlTypeRoot.FLOAT || b == SqlTypeRoot.DOUBLE);
  }

  private static boolean isDateAndTimestamp(SqlTypeRoot a, SqlTypeRoot b) {
    return a == SqlTypeRoot.DATE && (b == SqlTypeRoot.TIMESTAMP || b == SqlTypeRoot.TIMESTAMP_LTZ);
  }

  private static FieldType sameRoot(SqlTypeRoot root, ColumnType a, ColumnType b) {
    switch (root) {
      case DECIMAL:
        if (!a.isFixedPrecision() || !b.isFixedPrecision()) {
          return FieldType.DECIMAL;
        }
        int scale = Math.max(a.scale(), b.scale());
        int integer = Math.max(a.precision() - a.scale(), b.precision() - b.scale());
        return decimal(integer, scale);
      case TIMESTAMP_LTZ:
        return a.precision() >= b.precision() ? a.type() : b.type();
      case STRING:
        return FieldType.STRING;
      case BYTES:
        return FieldType.BYTES;
      default:
        return FieldType.STRING; // one root spelled two ways outside the model
    }
  }

  private static FieldType decimalWithInteger(ColumnType decimal, SqlTypeRoot integer) {
    if (!decimal.isFixedPrecision()) {
      return FieldType.DECIMAL;
    }
    int digits = integerDigits(integer);
    return decimal(Math.max(decimal.precision() - decimal.scale(), digits), decimal.scale());
  }

  private static FieldType decimal(int integerDigits, int scale) {
    int precision = Math.min(MAX_DECIMAL_PRECISION, integerDigits + scale);
    return FieldType.logicalType(FixedPrecisionNumeric.of(precision, Math.min(scale, precision)));
  }

  private static int integerDigits(SqlTypeRoot integer) {
    switch (integer) {
      case TINYINT:
        return 3;
      case SMALLINT:
        return 5;
      case INT:
        return 10;
      default:
        return 19;
    }
  }

  /** The inference kind whose Beam type {@code type} is exactly, or null. */
  private static @Nullable Kind kindOf(FieldType type) {
    for (Kind kind : Kind.values()) {
      if (kind != Kind.NULL && kind != Kind.OBJECT && InferredColumns.beamType(kind).equals(type)) {
        return kind;
      }
    }
    return null;
  }

  private static boolean isNullable(FieldType type) {
    return Boolean.TRUE.equals(Objects.requireNonNull(type).getNullable());
  }
}
