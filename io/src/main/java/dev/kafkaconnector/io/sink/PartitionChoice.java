package dev.kafkaconnector.io.sink;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The partition {@code sink.partitioner} picks for a record, for either writer: one partitioner per
 * writer index (opened once with that index and the writer count), Kafka's own choice (null) for
 * the default partitioner or a record whose partition column is set elsewhere.
 */
final class PartitionChoice {
  private final String partitionerOption;
  private final int writerCount;
  private final Supplier<PartitionNumbers> partitions;
  private final Map<Integer, KafkaPartitioner> partitioners = new HashMap<>();

  /**
   * @param partitionerOption the value of {@code sink.partitioner}
   * @param writerCount how many writers there are, or -1 when the runner decides
   * @param partitions the topics' partition numbers, looked up only when a partitioner needs them
   */
  PartitionChoice(
      String partitionerOption, int writerCount, Supplier<PartitionNumbers> partitions) {
    this.partitionerOption = partitionerOption;
    this.writerCount = writerCount;
    this.partitions = partitions;
  }

  /** The partition of {@code record} written by writer {@code writerIndex}, or null for Kafka's. */
  @Nullable Integer of(EncodedRecord record, @Nullable Row row, int writerIndex) {
    if (record.partition() != null) {
      return record.partition();
    }
    KafkaPartitioner partitioner =
        partitioners.computeIfAbsent(
            writerIndex,
            i -> {
              KafkaPartitioner p = Partitioners.of(partitionerOption);
              p.open(i, writerCount);
              return p;
            });
    if (partitioner instanceof Partitioners.KafkaDefault) {
      return null;
    }
    return partitioner.partition(
        row, record.key(), record.value(), record.topic(), partitions.get().of(record.topic()));
  }
}
