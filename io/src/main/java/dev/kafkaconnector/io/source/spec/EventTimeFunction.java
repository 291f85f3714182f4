package dev.kafkaconnector.io.source.spec;

import java.io.Serializable;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;

/**
 * The event time of a row the source decoded, computed from its columns: Flink's {@code WATERMARK
 * FOR ts} on a computed column ({@code ts AS TO_TIMESTAMP_LTZ(epoch, 3)}). The source stamps each
 * row with it and moves its partition's watermark by it, as for an event-time column. Runs on the
 * reader's thread for every row: keep it cheap, and compile what it needs once.
 */
@FunctionalInterface
public interface EventTimeFunction extends Serializable {
  /**
   * The event time of {@code row}, or null when it has none; a null, or an exception, makes the
   * record a bad record, handled by the source's policy.
   */
  @Nullable Instant eventTime(Row row);
}
