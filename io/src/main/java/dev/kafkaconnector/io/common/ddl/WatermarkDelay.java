package dev.kafkaconnector.io.common.ddl;

import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The delay of a Flink {@code WATERMARK FOR} clause that {@link FlinkDdlParser} can tell: the
 * column itself (no delay) or the column less a constant {@code INTERVAL}. Kept apart from the
 * grammar: it reads the expression's tokens after the parser skipped them.
 */
final class WatermarkDelay {
  private WatermarkDelay() {}

  /**
   * The bound of {@code column} or {@code column - INTERVAL 'n' unit} in tokens {@code e}; null for
   * any other expression.
   */
  static @Nullable Duration of(String column, List<Token> e) {
    boolean sameColumn =
        !e.isEmpty()
            && (e.get(0).kind() == Kind.WORD || e.get(0).kind() == Kind.QUOTED_NAME)
            && e.get(0).text().equals(column);
    if (sameColumn && e.size() == 1) {
      return Duration.ZERO;
    }
    if (!sameColumn
        || e.size() != 5
        || !e.get(1).isSymbol('-')
        || !e.get(2).isWord("INTERVAL")
        || e.get(3).kind() != Kind.STRING
        || e.get(4).kind() != Kind.WORD) {
      return null;
    }
    BigDecimal amount;
    try {
      amount = new BigDecimal(e.get(3).text().trim());
    } catch (NumberFormatException ex) {
      return null;
    }
    long unitMillis =
        switch (e.get(4).text().toUpperCase(Locale.ROOT)) {
          case "MILLISECOND", "MILLISECONDS" -> 1L;
          case "SECOND", "SECONDS" -> 1_000L;
          case "MINUTE", "MINUTES" -> 60_000L;
          case "HOUR", "HOURS" -> 3_600_000L;
          case "DAY", "DAYS" -> 86_400_000L;
          default -> -1L;
        };
    if (unitMillis < 0 || amount.signum() < 0) {
      return null;
    }
    return Duration.ofMillis(amount.multiply(BigDecimal.valueOf(unitMillis)).longValue());
  }
}
