package dev.kafkaconnector.io.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads what an exactly-once sink committed inside its transactions: per shard, the offset
 * metadata {@code <last record number>:<writer id>} of the group {@code <prefix>-<shard>} at a
 * fixed partition. The partition belongs to the sink's topic when it has a fixed one (as in Beam's
 * KafkaIO); with per-row topics it is a name derived from the prefix, which the group coordinator
 * stores like any other offset.
 */
final class CommittedState implements AutoCloseable {
  private final SinkSpec spec;
  private Admin admin;

  CommittedState(SinkSpec spec) {
    this.spec = spec;
  }

  /** Where shard {@code shard}'s number is committed. */
  TopicPartition partition(int shard) {
    return spec.topic() != null
        ? new TopicPartition(spec.topic(), 0)
        : new TopicPartition("kafka-connector-eos-" + spec.transactionalIdPrefix(), 0);
  }

  /** The last number {@code writer} committed in {@code group}, or -1 (nothing, or another writer). */
  synchronized long read(String group, String writer) {
    OffsetAndMetadata meta;
    try {
      meta =
          admin()
              .listConsumerGroupOffsets(group)
              .partitionsToOffsetAndMetadata()
              .get(60, TimeUnit.SECONDS)
              .values()
              .stream()
              .filter(m -> m != null && m.metadata() != null && !m.metadata().isEmpty())
              .findFirst()
              .orElse(null);
    } catch (Exception e) {
      throw new KafkaSinkException(
          "Could not read the committed state of the exactly-once sink (group '" + group + "' at "
              + spec.clientProperties().get("bootstrap.servers") + "): " + e, e);
    }
    if (meta == null) {
      return -1;
    }
    String[] parts = meta.metadata().split(":", 2);
    if (parts.length != 2 || !parts[1].equals(writer)) {
      return -1; // an earlier job with this prefix: its numbers are not this writer's
    }
    try {
      return Long.parseLong(parts[0]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private Admin admin() {
    if (admin == null) {
      Map<String, Object> props = new HashMap<>();
      spec.clientProperties().forEach((k, v) -> {
        if (AdminClientConfig.configNames().contains(k)) {
          props.put(k, v);
        }
      });
      props.put(AdminClientConfig.CLIENT_ID_CONFIG, "kafka-connector-eos-state-" + spec.transactionalIdPrefix());
      admin = Admin.create(props);
    }
    return admin;
  }

  @Override
  public synchronized void close() {
    if (admin != null) {
      admin.close(Duration.ZERO);
      admin = null;
    }
  }
}
