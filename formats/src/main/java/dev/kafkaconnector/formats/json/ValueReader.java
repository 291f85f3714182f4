package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Reads one JSON value into the Java value Beam expects for one {@code FieldType}. Called with the
 * parser on the value's first token (never {@code null}); returns with the parser on its last token
 * (the same token for a scalar, the matching end token for an object or array).
 */
@FunctionalInterface
interface ValueReader {
  @Nullable Object read(JsonParser p) throws IOException;
}
