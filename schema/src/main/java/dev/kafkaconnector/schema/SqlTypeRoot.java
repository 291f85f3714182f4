package dev.kafkaconnector.schema;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The SQL types of the connector's tables without their parameters (length, precision, scale,
 * element types, nullability): the roots of Flink's type system that the connector maps to Beam.
 * {@code CHAR}/{@code VARCHAR} are {@link #STRING} and {@code BINARY}/{@code VARBINARY} are {@link
 * #BYTES}, as {@link SqlType#parse} maps them. Each constant's name is its SQL keyword.
 *
 * <p>Every format switches over these roots (through {@link ColumnType#of}) instead of comparing
 * Beam type names and logical-type identifiers itself, so that all formats agree on what a Beam
 * type means.
 */
public enum SqlTypeRoot {
  BOOLEAN,
  TINYINT,
  SMALLINT,
  INT,
  BIGINT,
  FLOAT,
  DOUBLE,
  /** {@code DECIMAL(p, s)}: Beam's DECIMAL or its FixedPrecisionNumeric logical type. */
  DECIMAL,
  /** {@code STRING}, {@code CHAR(n)}, {@code VARCHAR(n)}. */
  STRING,
  /** {@code BYTES}, {@code BINARY(n)}, {@code VARBINARY(n)}. */
  BYTES,
  /** Beam's {@code SqlTypes.DATE} (a {@code LocalDate}). */
  DATE,
  /** Beam's {@code SqlTypes.TIME} (a {@code LocalTime}). */
  TIME,
  /** A date-time without zone: Beam's {@code SqlTypes.DATETIME} (a {@code LocalDateTime}). */
  TIMESTAMP,
  /**
   * An instant ({@code TIMESTAMP WITH LOCAL TIME ZONE}): Beam's DATETIME (a Joda instant, the
   * precision 3), or its MicrosInstant and NanosInstant logical types (a {@code
   * java.time.Instant}).
   */
  TIMESTAMP_LTZ,
  ARRAY,
  MAP,
  ROW;

  private static final Map<SqlTypeRoot, List<SqlTypeRoot>> WIDENINGS = widenings();

  /**
   * The root of a Beam type.
   *
   * @throws IllegalArgumentException naming the type when it is a logical type outside the model
   *     (see {@link ColumnType#of})
   */
  public static SqlTypeRoot of(FieldType type) {
    return ColumnType.of(type).root();
  }

  /**
   * The narrowest root that holds the values of both {@code a} and {@code b}, for schema inference
   * and schema evolution to merge the types seen for one column: the type merging tree of Flink CDC
   * 3.x ({@code SchemaMergingUtils}) on roots. Integers widen along TINYINT, SMALLINT, INT, BIGINT,
   * DECIMAL; TINYINT and SMALLINT also widen to FLOAT; every integer type and FLOAT widen to
   * DOUBLE; DATE widens to TIMESTAMP and TIMESTAMP_LTZ, TIMESTAMP to TIMESTAMP_LTZ; STRING holds
   * everything. As in Flink CDC, DECIMAL and the floating-point types meet only in STRING.
   *
   * <p>Commutative, associative and idempotent, so the result does not depend on the order in which
   * types arrive. It merges roots only: the precision of a merged DECIMAL or TIMESTAMP, the element
   * types of two ARRAYs, the fields of two ROWs and nullability are the caller's.
   */
  public static SqlTypeRoot widen(SqlTypeRoot a, SqlTypeRoot b) {
    List<SqlTypeRoot> wider = WIDENINGS.get(b);
    for (SqlTypeRoot candidate : WIDENINGS.get(a)) {
      if (wider.contains(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("no common root of " + a + " and " + b);
  }

  /** For each root: itself and the roots it widens to, narrowest first (STRING last). */
  private static Map<SqlTypeRoot, List<SqlTypeRoot>> widenings() {
    Map<SqlTypeRoot, List<SqlTypeRoot>> map = new EnumMap<>(SqlTypeRoot.class);
    for (SqlTypeRoot root : values()) {
      map.put(root, List.of(root, STRING));
    }
    map.put(STRING, List.of(STRING));
    map.put(TINYINT, List.of(TINYINT, SMALLINT, INT, BIGINT, DECIMAL, FLOAT, DOUBLE, STRING));
    map.put(SMALLINT, List.of(SMALLINT, INT, BIGINT, DECIMAL, FLOAT, DOUBLE, STRING));
    map.put(INT, List.of(INT, BIGINT, DECIMAL, DOUBLE, STRING));
    map.put(BIGINT, List.of(BIGINT, DECIMAL, DOUBLE, STRING));
    map.put(FLOAT, List.of(FLOAT, DOUBLE, STRING));
    map.put(DATE, List.of(DATE, TIMESTAMP, TIMESTAMP_LTZ, STRING));
    map.put(TIMESTAMP, List.of(TIMESTAMP, TIMESTAMP_LTZ, STRING));
    return map;
  }
}
