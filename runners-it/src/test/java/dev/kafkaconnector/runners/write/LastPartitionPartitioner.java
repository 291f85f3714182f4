package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.io.sink.KafkaPartitioner;
import org.apache.beam.sdk.values.Row;

/** A user's partitioner for the tests: everything to the topic's last partition. */
public class LastPartitionPartitioner implements KafkaPartitioner {
  private static final long serialVersionUID = 1L;

  @Override
  public Integer partition(Row row, byte[] key, byte[] value, String topic, int[] partitions) {
    return partitions[partitions.length - 1];
  }
}
