package dev.kafkaconnector.io.sink;

import org.checkerframework.checker.nullness.qual.Nullable;

/** An input row that cannot be written, with the column (when one is to blame) and why. */
public final class BadRowException extends Exception {
  private static final long serialVersionUID = 1L;
  private final @Nullable String column;

  public BadRowException(@Nullable String column, String reason, @Nullable Throwable cause) {
    super(reason, cause);
    this.column = column;
  }

  public @Nullable String column() {
    return column;
  }
}
