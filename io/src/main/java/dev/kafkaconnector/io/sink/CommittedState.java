package dev.kafkaconnector.io.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Reads what an exactly-once sink committed inside its transactions: per shard, the offset
 * metadata {@code <last record number>:<writer id>} of the group {@code <prefix>-<shard>}, at
 * partition 0 of the sink's topic (as Beam's KafkaIO does) or, with per-row topics, of a topic the
 * transaction wrote to.
 */
final class CommittedState implements AutoCloseable {
  private final SinkSpec spec;
  private Admin admin;
  private boolean prepared;

  CommittedState(SinkSpec spec) {
    this.spec = spec;
  }

  /**
   * Where a transaction commits its number: partition 0 of the sink's topic, or with per-row
   * topics of the topic its last record went to (an existing topic; the coordinator waits for the
   * metadata of a topic that does not exist).
   */
  TopicPartition partition(String lastTopic) {
    return new TopicPartition(spec.topic() != null ? spec.topic() : lastTopic, 0);
  }

  /**
   * The last number {@code writer} committed in {@code group}, or -1 (nothing, or another
   * writer). With per-row topics a group can hold an entry per topic; numbers only grow, so the
   * highest one of the writer is the last.
   */
  synchronized long read(String group, String writer) {
    Map<TopicPartition, OffsetAndMetadata> entries;
    try {
      entries =
          admin()
              // Stable: offsets of a transaction not yet complete are waited for, not skipped.
              .listConsumerGroupOffsets(
                  group, new ListConsumerGroupOffsetsOptions().requireStable(true))
              .partitionsToOffsetAndMetadata()
              .get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new KafkaSinkException(
          "Could not read the committed state of the exactly-once sink (group '" + group + "' at "
              + spec.clientProperties().get("bootstrap.servers") + "): " + e, e);
    }
    long last = -1;
    for (OffsetAndMetadata meta : entries.values()) {
      if (meta == null || meta.metadata() == null) {
        continue;
      }
      String[] parts = meta.metadata().split(":", 2);
      if (parts.length != 2 || !parts[1].equals(writer)) {
        continue; // an earlier job with this prefix: its numbers are not this writer's
      }
      try {
        last = Math.max(last, Long.parseLong(parts[0]));
      } catch (NumberFormatException e) {
        // not ours
      }
    }
    return last;
  }

  /**
   * Once per sink and JVM, before the first transaction: checks that the brokers accept the
   * sink's transaction timeout ({@link TransactionTimeoutCheck}) and aborts the transactions an
   * earlier job left open on ids this one does not use ({@link LingeringTransactions}).
   */
  synchronized void prepare(int shards) {
    if (!prepared) {
      TransactionTimeoutCheck.check(admin(), spec);
      LingeringTransactions.abortOutsideShards(admin(), spec, shards);
      prepared = true;
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
