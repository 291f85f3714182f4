package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.source.spec.EventTimeFunction;
import dev.kafkaconnector.io.sql.expressions.CalciteExpressions;
import dev.kafkaconnector.io.sql.expressions.CalciteTypes;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.TimeZone;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;
import org.joda.time.ReadableInstant;

/**
 * The event time of a table whose watermark is on a computed column ({@code ts AS
 * TO_TIMESTAMP(...)}, {@code WATERMARK FOR ts AS ts - INTERVAL '5' SECOND}): the column's
 * expression evaluated by the source on each row it decodes, so rows are stamped and partitions'
 * watermarks move before any window sees them. Compiled once per instance, on first use (on the
 * reader's thread); a TIMESTAMP value is read as UTC, as Flink reads a TIMESTAMP rowtime.
 */
final class ComputedEventTime implements EventTimeFunction {
  private static final long serialVersionUID = 1L;
  private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

  private final String table;
  private final String column;
  private final String expression;
  private final Schema readable;
  private final int[] positions;
  private final String projection;
  private transient @Nullable CalciteExpressions compiled;

  ComputedEventTime(
      String table,
      String column,
      String expression,
      Schema readable,
      int[] positions,
      String projection) {
    this.table = table;
    this.column = column;
    this.expression = expression;
    this.readable = readable;
    this.positions = positions;
    this.projection = projection;
  }

  @Override
  public @Nullable Instant eventTime(Row row) {
    if (compiled == null) {
      compiled =
          CalciteExpressions.compile(readable, readable.getFieldCount(), projection, null, UTC);
    }
    Object[] values = new Object[positions.length];
    for (int i = 0; i < values.length; i++) {
      values[i] = CalciteTypes.toCalcite(row.getValue(positions[i]));
    }
    Object value =
        CalciteTypes.toBeam(compiled.evaluate(values)[0], compiled.output().getField(0).getType());
    if (value instanceof ReadableInstant instant) {
      return instant.toInstant();
    }
    if (value instanceof LocalDateTime local) {
      return new Instant(local.toInstant(ZoneOffset.UTC).toEpochMilli());
    }
    return null;
  }

  @Override
  public String toString() {
    return "table '" + table + "', computed column '" + column + "' AS " + expression;
  }
}
