package dev.kafkaconnector.formats.text;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.checkerframework.checker.nullness.qual.Nullable;

/** Flink's conversion of a number to {@code DECIMAL(p, s)}, shared by the text formats. */
public final class Decimals {
  private Decimals() {}

  /**
   * {@code value} rounded half-up to {@code scale}, or null when it then has more than {@code
   * precision} digits (it does not fit).
   */
  public static @Nullable BigDecimal fit(BigDecimal value, int precision, int scale) {
    BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
    return scaled.precision() > precision ? null : scaled;
  }
}
