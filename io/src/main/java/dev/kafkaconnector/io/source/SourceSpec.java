package dev.kafkaconnector.io.source;

import dev.kafkaconnector.io.options.KafkaConnectorOptions;
import dev.kafkaconnector.io.source.filter.HeaderFilter;
import java.io.Serializable;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Everything a running source needs, validated and parsed at pipeline construction. Client
 * properties may hold secrets: {@link #toString()} shows only their keys.
 *
 * @param readerId identifies this source's consumers in the per-JVM pools
 * @param clientProperties Kafka client properties (the {@code properties.*} options, prefix
 *     removed)
 * @param subscription the topics
 * @param startup where a fresh job starts
 * @param bounded where a finite read stops, or null for an unbounded read
 * @param discoveryInterval how often to look for new partitions; zero or negative disables it
 * @param headerFilter the record filter, or null
 * @param checkDuplicatedGroupId fail at start when the group has active members
 */
public record SourceSpec(
    String readerId,
    Map<String, String> clientProperties,
    TopicSubscription subscription,
    OffsetSpec startup,
    @Nullable OffsetSpec bounded,
    Duration discoveryInterval,
    @Nullable HeaderFilter headerFilter,
    boolean checkDuplicatedGroupId)
    implements Serializable {

  public SourceSpec {
    clientProperties = Map.copyOf(clientProperties);
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

  /** The client properties with secret values replaced, for messages and display data. */
  public Map<String, String> redactedClientProperties() {
    Map<String, String> out = new TreeMap<>();
    clientProperties.forEach(
        (k, v) -> out.put(k, KafkaConnectorOptions.isSecretProperty(k) ? "******" : v));
    return out;
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
        + ", properties="
        + redactedClientProperties()
        + "}";
  }
}
