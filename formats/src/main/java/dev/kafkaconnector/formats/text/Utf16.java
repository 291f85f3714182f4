package dev.kafkaconnector.formats.text;

import dev.kafkaconnector.formats.FormatException;

/**
 * Java strings are UTF-16 and may hold an unpaired surrogate, which no UTF-8 encoding can
 * represent: {@code String.getBytes(UTF_8)} and Avro's and protobuf's writers silently write {@code
 * '?'} instead. The binary formats check their strings here, so that such a row is a bad row (the
 * sink's policy) instead of a changed value.
 */
public final class Utf16 {
  private Utf16() {}

  /** The index of the first unpaired surrogate of {@code text}, or -1 when there is none. */
  public static int firstUnpairedSurrogate(String text) {
    for (int i = 0, n = text.length(); i < n; i++) {
      char c = text.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
          continue;
        }
        return i;
      }
    }
    return -1;
  }

  /**
   * {@code text}, checked.
   *
   * @throws FormatException naming {@code format}, {@code field} and the position when the text has
   *     an unpaired surrogate
   */
  public static String wellFormed(String text, String format, String field) throws FormatException {
    int at = firstUnpairedSurrogate(text);
    if (at >= 0) {
      throw new FormatException(
          format,
          field,
          String.format(
              "the string has an unpaired surrogate U+%04X at index %d, which UTF-8 cannot"
                  + " represent",
              (int) text.charAt(at), at));
    }
    return text;
  }
}
