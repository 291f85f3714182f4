package dev.kafkaconnector.io.common.ddl;

import java.math.BigDecimal;
import java.time.Duration;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The delay of a Flink {@code WATERMARK FOR} clause that {@link FlinkDdlParser} can tell: the
 * column itself (no delay) or the column less a constant single-unit {@code INTERVAL}, read from
 * Flink's parse tree of the expression.
 */
final class WatermarkDelay {
  private WatermarkDelay() {}

  /**
   * The bound of {@code column} or {@code column - INTERVAL 'n' unit} in {@code e}; null for any
   * other expression.
   */
  static @Nullable Duration of(String column, SqlNode e) {
    if (e instanceof SqlIdentifier id) {
      return isColumn(id, column) ? Duration.ZERO : null;
    }
    if (!(e instanceof SqlBasicCall call)
        || call.getKind() != SqlKind.MINUS
        || call.operandCount() != 2
        || !(call.operand(0) instanceof SqlIdentifier id)
        || !isColumn(id, column)
        || !(call.operand(1) instanceof SqlIntervalLiteral literal)) {
      return null;
    }
    SqlIntervalLiteral.IntervalValue interval =
        literal.getValueAs(SqlIntervalLiteral.IntervalValue.class);
    if (interval.getSign() < 0 || interval.getIntervalQualifier().timeUnitRange.endUnit != null) {
      return null;
    }
    BigDecimal amount;
    try {
      amount = new BigDecimal(interval.getIntervalLiteral().trim());
    } catch (NumberFormatException ex) {
      return null;
    }
    long unitMillis =
        switch (interval.getIntervalQualifier().timeUnitRange.startUnit) {
          case MILLISECOND -> 1L;
          case SECOND -> 1_000L;
          case MINUTE -> 60_000L;
          case HOUR -> 3_600_000L;
          case DAY -> 86_400_000L;
          default -> -1L;
        };
    if (unitMillis < 0 || amount.signum() < 0) {
      return null;
    }
    return Duration.ofMillis(amount.multiply(BigDecimal.valueOf(unitMillis)).longValue());
  }

  private static boolean isColumn(SqlIdentifier id, String column) {
    return String.join(".", id.names).equals(column);
  }
}
