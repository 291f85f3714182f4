package dev.kafkaconnector.formats.cdc;

import dev.kafkaconnector.formats.FormatMetadata;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The change kind of a changelog row, as Flink's {@code RowKind}. Beam rows carry no kind, so the
 * changelog formats expose it as the {@link FormatMetadata#ROW_KIND} metadata column (decoders) and
 * read it from a column of that name (encoders), written as {@link #symbol()}.
 */
public enum RowKind {
  /** A new row. */
  INSERT("+I"),
  /** The row as it was before an update. */
  UPDATE_BEFORE("-U"),
  /** The row as it is after an update. */
  UPDATE_AFTER("+U"),
  /** A deleted row (its last image). */
  DELETE("-D");

  private final String symbol;

  RowKind(String symbol) {
    this.symbol = symbol;
  }

  /** The short form: {@code +I}, {@code -U}, {@code +U} or {@code -D}. */
  public String symbol() {
    return symbol;
  }

  /** The kind written as {@code symbol}, or null when it is not one of the four symbols. */
  public static @Nullable RowKind ofSymbol(@Nullable String symbol) {
    if (symbol == null || symbol.length() != 2) {
      return null;
    }
    for (RowKind kind : values()) {
      if (kind.symbol.equals(symbol)) {
        return kind;
      }
    }
    return null;
  }
}
