package dev.kafkaconnector.io.source.spec;

import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.source.filter.HeaderFilter;
import java.io.Serializable;
import java.time.Duration;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Everything a running source needs, validated and parsed at pipeline construction. Client
 * properties may hold secrets: {@link #toString()} masks their values.
 *
 * @param sourceId the identity of the applied transform, made at {@code expand}: it keys this
 *     source's clients and state in the per-JVM registry, so two sources never share a consumer, a
 *     committer or an error budget, even when built from one builder
 * @param clientProperties Kafka client properties (the {@code properties.*} options, prefix
 *     removed)
 * @param subscription the topics
 * @param startup where a fresh job starts
 * @param bounded where a finite read stops, or null for an unbounded read
 * @param discoveryInterval how often to look for new partitions; zero or negative disables it
 * @param headerFilter the record filter, or null
 * @param checkDuplicatedGroupId fail at start when the group has active members
 * @param watermark output timestamps and watermark
 */
public record SourceSpec(
    String sourceId,
    Map<String, String> clientProperties,
    TopicSubscription subscription,
    OffsetSpec startup,
    @Nullable OffsetSpec bounded,
    Duration discoveryInterval,
    @Nullable HeaderFilter headerFilter,
    boolean checkDuplicatedGroupId,
    WatermarkPolicy watermark)
    implements Serializable {

  public SourceSpec {
    clientProperties = Map.copyOf(clientProperties);
  }

  /** This spec with another watermark policy. */
  public SourceSpec withWatermark(WatermarkPolicy policy) {
    return new SourceSpec(
        sourceId,
        clientProperties,
        subscription,
        startup,
        bounded,
        discoveryInterval,
        headerFilter,
        checkDuplicatedGroupId,
        policy);
  }

  public String bootstrapServers() {
    return clientProperties.get("bootstrap.servers");
  }

  public @Nullable String groupId() {
    return clientProperties.get("group.id");
  }

  public boolean isBounded() {
    return bounded != null;
  }

  public boolean discoveryEnabled() {
    return !isBounded() && !discoveryInterval.isZero() && !discoveryInterval.isNegative();
  }

  /** The client properties with secret values masked, for messages and display data. */
  public Map<String, String> redactedClientProperties() {
    return Secrets.redactProperties(clientProperties);
  }

  @Override
  public String toString() {
    return "SourceSpec{"
        + subscription
        + ", bootstrap.servers="
        + bootstrapServers()
        + ", startup="
        + startup
        + ", bounded="
        + bounded
        + ", watermark="
        + watermark
        + ", properties="
        + redactedClientProperties()
        + "}";
  }
}
