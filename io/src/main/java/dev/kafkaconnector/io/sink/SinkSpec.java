package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.Secrets;
import java.io.Serializable;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a running sink needs, validated at pipeline construction. Client properties may hold
 * secrets: {@link #toString()} masks their values.
 *
 * @param sinkId the identity of the applied transform, made at {@code expand}
 * @param clientProperties Kafka producer properties (the {@code properties.*} options, prefix
 *     removed)
 * @param topic the fixed topic, or null when each row names its own
 * @param partitioner the {@code sink.partitioner} value
 * @param guarantee the delivery guarantee
 * @param parallelism the number of writer instances, or null when the runner decides
 */
public record SinkSpec(
    String sinkId,
    Map<String, String> clientProperties,
    @Nullable String topic,
    String partitioner,
    DeliveryGuarantee guarantee,
    @Nullable Integer parallelism)
    implements Serializable {

  public SinkSpec {
    clientProperties = Map.copyOf(clientProperties);
  }

  @Override
  public String toString() {
    return "SinkSpec{topic=" + topic + ", partitioner=" + partitioner + ", guarantee=" + guarantee
        + ", parallelism=" + parallelism + ", properties="
        + Secrets.redactProperties(clientProperties) + "}";
  }
}
