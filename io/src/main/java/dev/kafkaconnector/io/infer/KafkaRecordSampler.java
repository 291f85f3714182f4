package dev.kafkaconnector.io.infer;

import dev.kafkaconnector.io.source.enumerate.KafkaMetadataClient;
import dev.kafkaconnector.io.source.spec.ConsumerSettings;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * Samples the cluster with the source's own client settings ({@code properties.*}: security, {@code
 * isolation.level}, ...; {@code read_committed} unless set, like the reader, so aborted records
 * never shape the inferred schema), assigned to the partitions (no group is joined and nothing is
 * committed). For each partition it reads from {@code max(beginning, end - perPartition)} to the
 * end offset seen at start (the last stable offset under {@code read_committed}). The whole sample
 * is bounded by {@code properties.default.api.timeout.ms} (60 s unless set); when the time is up it
 * keeps what it has read and logs which partitions were cut short. Nothing it logs or throws holds
 * a client property value other than the bootstrap servers.
 */
public final class KafkaRecordSampler implements RecordSampler {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(KafkaRecordSampler.class);
  private static final Duration POLL = Duration.ofMillis(200);

  private final long totalRecords;

  /** Samples {@code perPartition} records of each partition, as asked. */
  public KafkaRecordSampler() {
    this(0);
  }

  /**
   * Samples about {@code totalRecords} records of the whole subscription (the catalog's {@code
   * max.fetch.records}): the latest {@code ceil(totalRecords / partitions)} of each partition. Zero
   * or less: {@code perPartition} as asked.
   */
  public KafkaRecordSampler(long totalRecords) {
    this.totalRecords = totalRecords;
  }

  @Override
  public List<Sampled> sample(SourceSpec spec, long requestedPerPartition) {
    try (KafkaMetadataClient metadata = new KafkaMetadataClient(spec)) {
      Set<TopicPartition> partitions = metadata.discoverPartitions();
      if (partitions.isEmpty()) {
        return List.of();
      }
      long perPartition =
          totalRecords > 0
              ? Math.max(1, (totalRecords + partitions.size() - 1) / partitions.size())
              : requestedPerPartition;
      Duration timeout = metadata.timeout();
      Map<String, Object> props = ConsumerSettings.reader(spec, "infer-schema");
      props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
      props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, (int) Math.min(2000, perPartition * 4));
      try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
        return read(consumer, partitions, perPartition, timeout, spec);
      } catch (WakeupException | org.apache.kafka.common.errors.TimeoutException e) {
        throw new KafkaSourceException(
            "Could not sample records for schema inference from the cluster at"
                + " properties.bootstrap.servers="
                + spec.bootstrapServers()
                + " within "
                + timeout.toMillis()
                + " ms (properties.default.api.timeout.ms)",
            e);
      }
    }
  }

  /**
   * Seeks each partition to its last {@code perPartition} records (or its end when it has none).
   *
   * @return the partitions that have records to read
   */
  private static Set<TopicPartition> seekToLatest(
      KafkaConsumer<byte[], byte[]> consumer,
      Set<TopicPartition> partitions,
      Map<TopicPartition, Long> begin,
      Map<TopicPartition, Long> end,
      long perPartition) {
    Set<TopicPartition> pending = new HashSet<>();
    for (TopicPartition tp : partitions) {
      long endOffset = end.getOrDefault(tp, 0L);
      long start = Math.max(begin.getOrDefault(tp, 0L), endOffset - perPartition);
      if (start < endOffset) {
        consumer.seek(tp, start);
        pending.add(tp);
      } else {
        // Paused, but poll() still needs a position for every assigned partition: without one
        // it applies auto.offset.reset, which the reader settings set to none (an empty
        // partition failed the sampling with NoOffsetForPartitionException).
        consumer.seek(tp, endOffset);
      }
    }
    return pending;
  }

  private static List<Sampled> read(
      KafkaConsumer<byte[], byte[]> consumer,
      Set<TopicPartition> partitions,
      long perPartition,
      Duration timeout,
      SourceSpec spec) {
    long deadline = System.nanoTime() + timeout.toNanos();
    consumer.assign(partitions);
    Map<TopicPartition, Long> begin = consumer.beginningOffsets(partitions, timeout);
    Map<TopicPartition, Long> end = consumer.endOffsets(partitions, timeout);
    Set<TopicPartition> pending = seekToLatest(consumer, partitions, begin, end, perPartition);
    List<TopicPartition> idle = new ArrayList<>(partitions);
    idle.removeAll(pending);
    consumer.pause(idle);
    List<Sampled> out = new ArrayList<>();
    Map<TopicPartition, Integer> counts = new HashMap<>();
    while (!pending.isEmpty() && System.nanoTime() < deadline) {
      for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL)) {
        TopicPartition tp = new TopicPartition(r.topic(), r.partition());
        if (r.offset() < end.get(tp)) {
          out.add(new Sampled(r.topic(), r.partition(), r.offset(), r.key(), r.value()));
          counts.merge(tp, 1, Integer::sum);
        }
      }
      List<TopicPartition> done = new ArrayList<>();
      for (TopicPartition tp : pending) {
        if (consumer.position(tp) >= end.get(tp)) {
          done.add(tp);
        }
      }
      done.forEach(pending::remove);
      consumer.pause(done);
    }
    if (!pending.isEmpty()) {
      LOG.warn(
          "Schema inference: sampling {} stopped after {} ms (properties.default.api.timeout.ms)"
              + " before the end of partitions {}; inferring from the {} records read",
          spec.subscription(),
          timeout.toMillis(),
          pending,
          out.size());
    }
    LOG.info(
        "Schema inference: sampled {} records of {} ({} per partition at most)",
        out.size(),
        spec.subscription(),
        perPartition);
    return out;
  }
}
