package dev.kafkaconnector.formats;

import java.io.Serializable;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes the bytes of one Kafka key or value into rows of the schema it was created for. One
 * instance is used by one thread at a time; it may keep reusable buffers.
 */
public interface RowDecoder extends Serializable {

  /**
   * Decodes {@code message} and passes each row it holds to {@code out} (most formats hold exactly
   * one; changelog formats may hold several, and a format may hold none, for example a DDL message
   * that it is told to skip).
   *
   * @param message the bytes; {@code null} for a record without key or value (a tombstone)
   * @throws FormatException when the bytes cannot be decoded; the message names the format and,
   *     where known, the field
   */
  void decode(byte @Nullable [] message, RowCollector out) throws FormatException;

  /** Receives decoded rows. */
  @FunctionalInterface
  interface RowCollector {
    void collect(Row row);
  }
}
