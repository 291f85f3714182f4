package dev.kafkaconnector.schema;

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

  /**
   * The root of a Beam type.
   *
   * @throws IllegalArgumentException naming the type when it is a logical type outside the model
   *     (see {@link ColumnType#of})
   */
  public static SqlTypeRoot of(FieldType type) {
    return ColumnType.of(type).root();
  }
}
