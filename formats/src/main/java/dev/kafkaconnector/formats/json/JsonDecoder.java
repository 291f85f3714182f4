package dev.kafkaconnector.formats.json;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.IgnoredParseErrors;
import dev.kafkaconnector.formats.RowDecoder;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes one JSON object per message into one row. A message that cannot be decoded (null, empty,
 * not UTF-8, not a JSON object, or with a value that cannot be converted into a NOT NULL column) is
 * a {@link FormatException}; with {@code json.ignore-parse-errors} it is skipped and counted
 * instead, and convertible-but-wrong values of nullable columns become null (counted).
 */
final class JsonDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  private final JsonToRowConverter converter;
  private final boolean ignoreParseErrors;
  private final String format;
  private transient @Nullable IgnoredParseErrors ignored;

  JsonDecoder(JsonToRowConverter converter) {
    this.converter = converter;
    this.ignoreParseErrors = converter.settings().ignoreParseErrors();
    this.format = converter.settings().format();
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    try {
      if (message == null) {
        throw new FormatException(
            format, null, "the record has a null value (tombstone), which is not a JSON object");
      }
      out.collect(converter.parse(message));
    } catch (FormatException e) {
      if (!ignoreParseErrors) {
        throw e;
      }
      IgnoredParseErrors counter = ignored;
      if (counter == null) {
        counter = IgnoredParseErrors.of(format);
        ignored = counter;
      }
      counter.inc();
    }
  }
}
