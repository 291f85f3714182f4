package dev.kafkaconnector.io.source.spec;

import dev.kafkaconnector.io.common.StartupMode;
import java.io.Serializable;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A rule that gives an offset per partition, resolved against the cluster when the job runs: where
 * reading starts ({@code scan.startup.*}) or stops ({@code scan.bounded.*}).
 *
 * @param kind which rule
 * @param timestampMillis for {@link StartupMode#TIMESTAMP}
 * @param specificOffsets for {@link StartupMode#SPECIFIC_OFFSETS}: partition number to offset
 */
public record OffsetSpec(
    StartupMode kind, @Nullable Long timestampMillis, @Nullable Map<Integer, Long> specificOffsets)
    implements Serializable {

  public static OffsetSpec of(StartupMode kind) {
    return new OffsetSpec(kind, null, null);
  }

  public static OffsetSpec timestamp(long millis) {
    return new OffsetSpec(StartupMode.TIMESTAMP, millis, null);
  }

  public static OffsetSpec specific(Map<Integer, Long> offsets) {
    return new OffsetSpec(StartupMode.SPECIFIC_OFFSETS, null, Map.copyOf(offsets));
  }
}
