package dev.kafkaconnector.io.source;

import java.io.Serializable;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A rule that gives an offset per partition, resolved against the cluster when the job runs: where
 * reading starts ({@code scan.startup.*}) or stops ({@code scan.bounded.*}).
 *
 * @param kind which rule
 * @param timestampMillis for {@link Kind#TIMESTAMP}
 * @param specificOffsets for {@link Kind#SPECIFIC_OFFSETS}: partition number to offset
 */
public record OffsetSpec(
    Kind kind, @Nullable Long timestampMillis, @Nullable Map<Integer, Long> specificOffsets)
    implements Serializable {

  /** The rules. */
  public enum Kind {
    EARLIEST,
    LATEST,
    GROUP_OFFSETS,
    TIMESTAMP,
    SPECIFIC_OFFSETS
  }

  public static OffsetSpec of(Kind kind) {
    return new OffsetSpec(kind, null, null);
  }

  public static OffsetSpec timestamp(long millis) {
    return new OffsetSpec(Kind.TIMESTAMP, millis, null);
  }

  public static OffsetSpec specific(Map<Integer, Long> offsets) {
    return new OffsetSpec(Kind.SPECIFIC_OFFSETS, null, Map.copyOf(offsets));
  }
}
