package dev.kafkaconnector.io.infer;

import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Reads the records a schema is inferred from: the latest {@code perPartition} records of each
 * partition of the source's topics. {@link KafkaRecordSampler} reads them from the cluster; tests
 * give records directly.
 */
public interface RecordSampler {

  /** One sampled record's key and value bytes (either may be null). */
  record Sampled(
      String topic, int partition, long offset, byte @Nullable [] key, byte @Nullable [] value) {}

  /**
   * The sample.
   *
   * @param spec the source's topics and client settings
   * @param perPartition how many of the latest records of each partition to read, at least 1
   */
  List<Sampled> sample(SourceSpec spec, long perPartition);
}
