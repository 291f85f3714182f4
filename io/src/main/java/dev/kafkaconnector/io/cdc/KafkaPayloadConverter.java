package dev.kafkaconnector.io.cdc;

import java.io.Serializable;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Rewrites the bytes of a message's key or value before {@code readChanges()} parses them as JSON
 * ({@code json.decode.converter-class}, scoped {@code key.json.…} / {@code value.json.…}): for
 * example to merge two members into one, or to take a row out of a wrapper, while schema inference
 * and schema changes keep working on the result.
 *
 * <p>Implementations need a public no-argument constructor; the connector creates one per reader
 * instance. Loaded from the job's class path by the class name.
 */
public interface KafkaPayloadConverter extends Serializable {

  /**
   * @param payload the message's key or value bytes (never null: tombstones are not converted)
   * @return the JSON bytes to parse, or null to skip the record (counted)
   */
  byte @Nullable [] convert(byte[] payload);
}
