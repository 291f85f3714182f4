package dev.kafkaconnector.formats;

import java.io.Serializable;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/** Encodes a row of the schema it was created for into the bytes of a Kafka key or value. */
public interface RowEncoder extends Serializable {

  /**
   * Encodes {@code row}.
   *
   * @return the bytes, or {@code null} to write a record without key or value
   * @throws FormatException when a value cannot be represented in the format
   */
  byte @Nullable [] encode(Row row) throws FormatException;
}
