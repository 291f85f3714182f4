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
 * @param upsert whether the table is upsert-kafka
 * @param bufferMaxRows upsert buffer size ({@code sink.buffer-flush.max-rows}), 0 for none
 * @param bufferInterval upsert buffer age limit ({@code sink.buffer-flush.interval})
 * @param transactionalIdPrefix {@code sink.transactional-id-prefix}, or null
 */
public record SinkSpec(
    String sinkId,
    Map<String, String> clientProperties,
    @Nullable String topic,
    String partitioner,
    DeliveryGuarantee guarantee,
    @Nullable Integer parallelism,
    boolean upsert,
    long bufferMaxRows,
    java.time.Duration bufferInterval,
    @Nullable String transactionalIdPrefix)
    implements Serializable {

  /** Whether upsert rows are reduced to the latest per key in a buffer before writing. */
  public boolean buffered() {
    return upsert && bufferMaxRows > 0 && !bufferInterval.isZero();
  }

  public SinkSpec {
    clientProperties = Map.copyOf(clientProperties);
  }

  @Override
  public String toString() {
    return "SinkSpec{topic="
        + topic
        + ", partitioner="
        + partitioner
        + ", guarantee="
        + guarantee
        + ", parallelism="
        + parallelism
        + ", properties="
        + Secrets.redactProperties(clientProperties)
        + "}";
  }
}
