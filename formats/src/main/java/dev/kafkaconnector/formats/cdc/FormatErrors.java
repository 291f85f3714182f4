package dev.kafkaconnector.formats.cdc;

import dev.kafkaconnector.formats.FormatException;

/** Re-anchors errors of a converted part of a changelog envelope at the part's field path. */
final class FormatErrors {
  private FormatErrors() {}

  /**
   * {@code error}, raised while converting the envelope member {@code member}, as an error of that
   * member: its field becomes {@code member.field} (or {@code member[key]}, or {@code member}).
   */
  static FormatException under(String format, String member, FormatException error) {
    String inner = error.field();
    String field;
    if (inner == null) {
      field = member;
    } else if (inner.startsWith("[")) {
      field = member + inner;
    } else {
      field = member + "." + inner;
    }
    return new FormatException(format, field, reason(error), error.getCause());
  }

  /** The reason of an error, without the "Format 'x' field 'y': " prefix. */
  static String reason(FormatException error) {
    String message = error.getMessage();
    String prefix =
        "Format '"
            + error.format()
            + "'"
            + (error.field() == null ? "" : " field '" + error.field() + "'")
            + ": ";
    return message != null && message.startsWith(prefix)
        ? message.substring(prefix.length())
        : String.valueOf(message);
  }
}
