package dev.kafkaconnector.formats;

import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A message that a format could not decode or a row it could not encode. It names the format and,
 * where known, the field; the connector adds the topic, partition and offset.
 */
public class FormatException extends Exception {
  private static final long serialVersionUID = 1L;

  private final String format;
  private final @Nullable String field;

  public FormatException(String format, @Nullable String field, String reason) {
    this(format, field, reason, null);
  }

  public FormatException(
      String format, @Nullable String field, String reason, @Nullable Throwable cause) {
    super(
        "Format '" + format + "'" + (field == null ? "" : " field '" + field + "'") + ": " + reason,
        cause);
    this.format = format;
    this.field = field;
  }

  /** The format's identifier. */
  public String format() {
    return format;
  }

  /** The field that failed, when known. */
  public @Nullable String field() {
    return field;
  }
}
