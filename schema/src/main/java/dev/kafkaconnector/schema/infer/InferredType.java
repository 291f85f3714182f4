package dev.kafkaconnector.schema.infer;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The type inferred for one JSON value or for all values seen at one place, an element of the
 * inference lattice. {@link #merge} is its join: commutative, associative and idempotent, with
 * {@link #NULL} as the bottom and STRING as the top, so the type of a sample does not depend on the
 * order of its documents, and merges done independently (per partition, per worker) converge to the
 * same result.
 *
 * <pre>
 *                    STRING
 *      /      |      |     \        \        \
 *  BOOLEAN  DOUBLE  DATE   TIME  TIMESTAMP_LTZ  OBJECT{...}
 *             |                     |
 *          DECIMAL              TIMESTAMP
 *             |
 *           BIGINT
 *     (all above NULL)
 * </pre>
 *
 * <p>Two OBJECTs merge field by field; a field present on one side only merges with NULL, which
 * makes it nullable. Nullability is a flag carried alongside the kind (a NULL value, a missing
 * field, or a NULL merged in), and merging ORs it.
 */
public final class InferredType {
  /** The kinds of values, the nodes of the lattice drawn above. */
  public enum Kind {
    NULL,
    BOOLEAN,
    BIGINT,
    /** An integer too large for BIGINT, with at most 38 digits: {@code DECIMAL(38, 0)}. */
    DECIMAL,
    DOUBLE,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMP_LTZ,
    STRING,
    OBJECT
  }

  /** Only null values were seen (or none): the bottom of the lattice. */
  public static final InferredType NULL = new InferredType(Kind.NULL, true, Map.of());

  private final Kind kind;
  private final boolean nullable;
  private final SortedMap<String, InferredType> fields;

  private InferredType(Kind kind, boolean nullable, Map<String, InferredType> fields) {
    this.kind = kind;
    this.nullable = nullable;
    this.fields = Collections.unmodifiableSortedMap(new TreeMap<>(fields));
  }

  /** A non-null value of a scalar kind. */
  public static InferredType of(Kind kind) {
    if (kind == Kind.OBJECT) {
      throw new IllegalArgumentException("use object(fields) for OBJECT");
    }
    return kind == Kind.NULL ? NULL : new InferredType(kind, false, Map.of());
  }

  /** A non-null JSON object with these members (kept sorted by name). */
  public static InferredType object(Map<String, InferredType> fields) {
    return new InferredType(Kind.OBJECT, false, fields);
  }

  public Kind kind() {
    return kind;
  }

  /** Whether a null value or a missing field was seen here. */
  public boolean nullable() {
    return nullable;
  }

  /** The members of an OBJECT, sorted by name; empty for the other kinds. */
  public SortedMap<String, InferredType> fields() {
    return fields;
  }

  /** This type, nullable. */
  public InferredType asNullable() {
    return nullable ? this : new InferredType(kind, true, fields);
  }

  /** The least type that holds the values of both: the join of the lattice. */
  public InferredType merge(InferredType other) {
    boolean eitherNull = nullable || other.nullable;
    if (kind == Kind.NULL) {
      return other.asNullable();
    }
    if (other.kind == Kind.NULL) {
      return asNullable();
    }
    if (kind == Kind.OBJECT && other.kind == Kind.OBJECT) {
      return new InferredType(Kind.OBJECT, eitherNull, mergeFields(fields, other.fields));
    }
    return new InferredType(mergeKinds(kind, other.kind), eitherNull, Map.of());
  }

  private static Map<String, InferredType> mergeFields(
      Map<String, InferredType> a, Map<String, InferredType> b) {
    Map<String, InferredType> out = new TreeMap<>();
    TreeSet<String> names = new TreeSet<>(a.keySet());
    names.addAll(b.keySet());
    for (String name : names) {
      InferredType left = a.getOrDefault(name, NULL);
      InferredType right = b.getOrDefault(name, NULL);
      out.put(name, left.merge(right));
    }
    return out;
  }

  /** The join of two kinds other than NULL; OBJECT with a scalar is STRING. */
  static Kind mergeKinds(Kind a, Kind b) {
    if (a == b) {
      return a;
    }
    int numericA = numericRank(a);
    int numericB = numericRank(b);
    if (numericA >= 0 && numericB >= 0) {
      return numericA > numericB ? a : b;
    }
    if (isTimestamp(a) && isTimestamp(b)) {
      return Kind.TIMESTAMP_LTZ;
    }
    return Kind.STRING;
  }

  private static int numericRank(Kind kind) {
    switch (kind) {
      case BIGINT:
        return 0;
      case DECIMAL:
        return 1;
      case DOUBLE:
        return 2;
      default:
        return -1;
    }
  }

  private static boolean isTimestamp(Kind kind) {
    return kind == Kind.TIMESTAMP || kind == Kind.TIMESTAMP_LTZ;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof InferredType)) {
      return false;
    }
    InferredType that = (InferredType) o;
    return kind == that.kind && nullable == that.nullable && fields.equals(that.fields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, nullable, fields);
  }

  /** For test failures: {@code OBJECT{a: BIGINT?, b: STRING}} ({@code ?} marks nullable). */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(kind.name());
    if (kind == Kind.OBJECT) {
      out.append('{');
      String sep = "";
      for (Map.Entry<String, InferredType> e : fields.entrySet()) {
        out.append(sep).append(e.getKey()).append(": ").append(e.getValue());
        sep = ", ";
      }
      out.append('}');
    }
    return nullable && kind != Kind.NULL ? out.append('?').toString() : out.toString();
  }
}
