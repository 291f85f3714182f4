package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.kafkaconnector.formats.FormatException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A value that could not be converted, thrown inside the converters (unchecked, so that they stay
 * small) and turned into a {@link FormatException} at the public entry points. The path of the
 * value ({@code obj.lg}, {@code rowinarr[1].f2}, {@code map[k]}) is built while the error unwinds
 * through the enclosing rows, arrays and maps. No stack trace is filled in: with {@code
 * ignore-parse-errors} these are normal control flow.
 *
 * <p>A <em>fatal</em> error is malformed input (the JSON itself is broken): the parser cannot go
 * on, so it is never ignored at field level.
 */
final class ConversionError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean fatal;
  private String path = "";

  private ConversionError(String reason, boolean fatal, @Nullable Throwable cause) {
    super(reason, cause, false, false);
    this.fatal = fatal;
  }

  /** A value that cannot be converted; the message continues after the value when ignored. */
  static ConversionError value(String reason) {
    return new ConversionError(reason, false, null);
  }

  /** A value that cannot be converted because of {@code cause}. */
  static ConversionError value(String reason, Throwable cause) {
    return new ConversionError(reason, false, cause);
  }

  /** Broken JSON: the rest of the message cannot be read. */
  static ConversionError fatal(JsonProcessingException cause) {
    return new ConversionError("malformed JSON: " + cause.getOriginalMessage(), true, cause);
  }

  /** Broken input of another kind (an I/O error of the parser). */
  static ConversionError fatal(java.io.IOException cause) {
    if (cause instanceof JsonProcessingException jpe) {
      return fatal(jpe);
    }
    return new ConversionError("unreadable JSON: " + cause, true, cause);
  }

  /** A token of the wrong kind for the expected value. */
  static ConversionError wrongType(String expected, JsonParser p) {
    return value("expected " + expected + " but found " + describe(p));
  }

  static String describe(JsonParser p) {
    JsonToken t = p.currentToken();
    if (t == null) {
      return "nothing";
    }
    switch (t) {
      case START_OBJECT:
        return "a JSON object";
      case START_ARRAY:
        return "a JSON array";
      case VALUE_STRING:
        return "a string";
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return "a number";
      case VALUE_TRUE:
      case VALUE_FALSE:
        return "a boolean";
      case VALUE_NULL:
        return "null";
      default:
        return t.toString();
    }
  }

  boolean isFatal() {
    return fatal;
  }

  /** Prefixes the path with a row field. */
  ConversionError atField(String name) {
    path = "." + name + path;
    return this;
  }

  /** Prefixes the path with an array index. */
  ConversionError atIndex(int index) {
    path = "[" + index + "]" + path;
    return this;
  }

  /** Prefixes the path with a map key. */
  ConversionError atKey(String key) {
    path = "[" + key + "]" + path;
    return this;
  }

  /** The path of the value, or null for the top-level value. */
  @Nullable String path() {
    if (path.isEmpty()) {
      return null;
    }
    return path.charAt(0) == '.' ? path.substring(1) : path;
  }

  FormatException toFormatException(String format) {
    return new FormatException(format, path(), getMessage(), getCause());
  }
}
