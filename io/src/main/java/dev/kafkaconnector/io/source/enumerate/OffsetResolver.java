package dev.kafkaconnector.io.source.enumerate;

import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import dev.kafkaconnector.io.source.spec.OffsetSpec;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;

/**
 * Turns an {@link OffsetSpec} into one offset per partition, against the cluster, the way Flink's
 * Kafka source does: a timestamp with no record at or after it gives the partition's end; a
 * partition missing from specific offsets follows the group-offsets rule (start) or stops at the
 * end seen now (bounded); a group without committed offset falls back to {@code
 * properties.auto.offset.reset}.
 */
public final class OffsetResolver {
  private final SourceSpec spec;
  private final Consumer<byte[], byte[]> consumer;

  public OffsetResolver(SourceSpec spec, Consumer<byte[], byte[]> consumer) {
    this.spec = spec;
    this.consumer = consumer;
  }

  /** Start offsets for a fresh read of {@code partitions}. */
  public Map<TopicPartition, Long> startOffsets(Collection<TopicPartition> partitions) {
    return resolve(spec.startup(), partitions, true);
  }

  /** Stop offsets (exclusive) of a bounded read. */
  public Map<TopicPartition, Long> stopOffsets(Collection<TopicPartition> partitions) {
    return resolve(spec.bounded(), partitions, false);
  }

  /** The earliest offsets, for partitions found while the job runs. */
  public Map<TopicPartition, Long> earliest(Collection<TopicPartition> partitions) {
    return copy(consumer.beginningOffsets(partitions));
  }

  private Map<TopicPartition, Long> resolve(
      OffsetSpec offsetSpec, Collection<TopicPartition> partitions, boolean start) {
    if (partitions.isEmpty()) {
      return Map.of();
    }
    switch (offsetSpec.kind()) {
      case EARLIEST_OFFSET:
        return earliest(partitions);
      case LATEST_OFFSET:
        return copy(consumer.endOffsets(partitions));
      case TIMESTAMP:
        return byTimestamp(offsetSpec.timestampMillis(), partitions);
      case GROUP_OFFSETS:
        return start ? groupOffsets(partitions) : committedOrEnd(partitions);
      case SPECIFIC_OFFSETS:
        return specific(offsetSpec.specificOffsets(), partitions, start);
      default:
        throw new IllegalStateException("unknown offset rule " + offsetSpec.kind());
    }
  }

  private Map<TopicPartition, Long> byTimestamp(
      long millis, Collection<TopicPartition> partitions) {
    Map<TopicPartition, Long> query = new HashMap<>();
    partitions.forEach(tp -> query.put(tp, millis));
    Map<TopicPartition, OffsetAndTimestamp> found = consumer.offsetsForTimes(query);
    Map<TopicPartition, Long> out = new HashMap<>();
    Set<TopicPartition> missing = new HashSet<>();
    for (TopicPartition tp : partitions) {
      OffsetAndTimestamp o = found.get(tp);
      if (o == null) {
        missing.add(tp);
      } else {
        out.put(tp, o.offset());
      }
    }
    if (!missing.isEmpty()) {
      out.putAll(consumer.endOffsets(missing));
    }
    return out;
  }

  private Map<TopicPartition, Long> groupOffsets(Collection<TopicPartition> partitions) {
    Map<TopicPartition, Long> out = new HashMap<>();
    Set<TopicPartition> missing = new HashSet<>(partitions);
    String groupId = spec.groupId();
    if (groupId != null) {
      Map<TopicPartition, OffsetAndMetadata> committed =
          consumer.committed(new HashSet<>(partitions));
      committed.forEach(
          (tp, om) -> {
            if (om != null) {
              out.put(tp, om.offset());
              missing.remove(tp);
            }
          });
    }
    if (missing.isEmpty()) {
      return out;
    }
    String reset = spec.clientProperties().get("auto.offset.reset");
    String mode = reset == null ? "" : reset.trim().toLowerCase(Locale.ROOT);
    switch (mode) {
      case "earliest":
        out.putAll(consumer.beginningOffsets(missing));
        return out;
      case "latest":
        out.putAll(consumer.endOffsets(missing));
        return out;
      default:
        throw new KafkaSourceException(
            "No committed offset for "
                + missing
                + " in consumer group "
                + (groupId == null ? "(properties.group.id is not set)" : "'" + groupId + "'")
                + " and properties.auto.offset.reset is "
                + (reset == null ? "not set" : "'" + reset + "'")
                + ". Set properties.auto.offset.reset to 'earliest' or 'latest', or choose another"
                + " scan.startup.mode.");
    }
  }

  private Map<TopicPartition, Long> committedOrEnd(Collection<TopicPartition> partitions) {
    Map<TopicPartition, Long> out = new HashMap<>();
    Set<TopicPartition> missing = new HashSet<>(partitions);
    if (spec.groupId() != null) {
      consumer
          .committed(new HashSet<>(partitions))
          .forEach(
              (tp, om) -> {
                if (om != null) {
                  out.put(tp, om.offset());
                  missing.remove(tp);
                }
              });
    }
    if (!missing.isEmpty()) {
      out.putAll(consumer.endOffsets(missing));
    }
    return out;
  }

  private Map<TopicPartition, Long> specific(
      Map<Integer, Long> offsets, Collection<TopicPartition> partitions, boolean start) {
    Map<TopicPartition, Long> out = new HashMap<>();
    Set<TopicPartition> rest = new HashSet<>();
    for (TopicPartition tp : partitions) {
      Long offset = offsets.get(tp.partition());
      if (offset != null) {
        out.put(tp, offset);
      } else {
        rest.add(tp);
      }
    }
    if (!rest.isEmpty()) {
      out.putAll(start ? groupOffsets(rest) : copy(consumer.endOffsets(rest)));
    }
    return out;
  }

  private static Map<TopicPartition, Long> copy(Map<TopicPartition, Long> offsets) {
    return new HashMap<>(offsets);
  }
}
