package dev.kafkaconnector.io.sink;

import java.io.Serializable;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Picks the partition of each written record ({@code sink.partitioner} = the class name of an
 * implementation), the counterpart of Flink's {@code FlinkKafkaPartitioner}. Implementations need a
 * public no-argument constructor; each writer instance gets its own copy, opened once before its
 * first record.
 */
public interface KafkaPartitioner extends Serializable {

  /**
   * Called once per writer instance before its first record.
   *
   * @param instanceIndex this writer's index, from 0
   * @param instanceCount how many writer instances there are ({@code sink.parallelism}), or -1 when
   *     the runner decides and the count is not known
   */
  default void open(int instanceIndex, int instanceCount) {}

  /**
   * The partition for one record.
   *
   * @param row the input row
   * @param key the encoded key, or null
   * @param value the encoded value, or null for a tombstone
   * @param topic the record's topic
   * @param partitions the topic's partition numbers, in order
   * @return one of {@code partitions}, or null to let Kafka's default partitioner choose
   */
  @Nullable Integer partition(
      Row row, byte @Nullable [] key, byte @Nullable [] value, String topic, int[] partitions);
}
