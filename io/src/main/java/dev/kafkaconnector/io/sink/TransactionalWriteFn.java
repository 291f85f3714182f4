package dev.kafkaconnector.io.sink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.values.KV;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes each batch of one shard's numbered records in one Kafka transaction, on stable input (on
 * Flink: only after the checkpoint that holds the batch completed). Each shard has one long-lived
 * transactional producer with the id {@code <sink.transactional-id-prefix>-<shard>}: a bounded
 * set of ids, reused across checkpoints; its {@code initTransactions} fences an older producer of
 * the same id and aborts its open transaction, so a restarted job never leaves read_committed
 * readers blocked. Inside each transaction the shard's last record number and the writer's id (the
 * sink's identity, made at expand) are committed as the offset metadata of the group {@code
 * <prefix>-<shard>}; a replayed batch of the same writer skips the numbers already committed.
 */
final class TransactionalWriteFn extends DoFn<KV<Integer, Iterable<KV<Long, EncodedRecord>>>, Void> {
  private static final Logger LOG = LoggerFactory.getLogger(TransactionalWriteFn.class);
  private static final String DEFAULT_TRANSACTION_TIMEOUT_MS = "900000";

  private final SinkSpec spec;
  private final String prefix;
  private final Counter written = Metrics.counter("kafka-connector", "records-written");
  private final Counter skipped = Metrics.counter("kafka-connector", "records-skipped-replayed");

  @StateId("writer")
  private final StateSpec<ValueState<String>> writerSpec = StateSpecs.value(StringUtf8Coder.of());

  private transient Map<Integer, KafkaProducer<byte[], byte[]>> producers;
  private transient Map<Integer, KafkaPartitioner> partitioners;
  private transient Admin admin;
  /** Per shard: the last number this writer committed, once known (read at the first batch). */
  private transient Map<Integer, Long> lastCommitted;

  TransactionalWriteFn(SinkSpec spec) {
    this.spec = spec;
    this.prefix = spec.transactionalIdPrefix();
  }

  @Setup
  public void setup() {
    producers = new HashMap<>();
    partitioners = new HashMap<>();
    lastCommitted = new HashMap<>();
  }

  @Teardown
  public void teardown() {
    if (producers != null) {
      producers.values().forEach(p -> p.close(Duration.ofSeconds(5)));
      producers.clear();
    }
    if (admin != null) {
      admin.close(Duration.ZERO);
      admin = null;
    }
  }

  @RequiresStableInput
  @ProcessElement
  public void process(
      @Element KV<Integer, Iterable<KV<Long, EncodedRecord>>> batch,
      @StateId("writer") ValueState<String> writerState) {
    int shard = batch.getKey();
    List<KV<Long, EncodedRecord>> records = new ArrayList<>();
    batch.getValue().forEach(records::add);
    records.sort(Comparator.comparingLong(KV::getKey));
    String writer = spec.sinkId();
    Long known = lastCommitted.get(shard);
    long committed = known != null ? known : committedNumber(shard, writer);
    KafkaProducer<byte[], byte[]> producer = producer(shard);
    long last = committed;
    int sent = 0;
    try {
      producer.beginTransaction();
      for (KV<Long, EncodedRecord> numbered : records) {
        if (numbered.getKey() <= committed) {
          skipped.inc();
          continue;
        }
        send(producer, numbered.getValue(), shard);
        last = numbered.getKey();
        sent++;
      }
      if (sent > 0) {
        producer.sendOffsetsToTransaction(
            Map.of(metadataPartition(), new OffsetAndMetadata(0, last + ":" + writer)),
            new ConsumerGroupMetadata(group(shard)));
      }
      producer.commitTransaction();
      lastCommitted.put(shard, last);
      writerState.write(writer);
      written.inc(sent);
    } catch (ProducerFencedException e) {
      lastCommitted.remove(shard);
      closeProducer(shard);
      throw new KafkaSinkException(
          "The transactional producer '" + prefix + "-" + shard + "' was fenced: another writer"
              + " uses option 'sink.transactional-id-prefix' = '" + prefix + "' (two jobs with"
              + " one prefix, or a zombie of this one)", e);
    } catch (KafkaException e) {
      lastCommitted.remove(shard); // a commit whose answer was lost: read it back next time
      try {
        producer.abortTransaction();
      } catch (KafkaException abort) {
        closeProducer(shard);
      }
      throw new KafkaSinkException(
          "Writing a transaction of " + records.size() + " records to Kafka failed (shard "
              + shard + "): " + e.getMessage(), e);
    }
  }

  private void send(KafkaProducer<byte[], byte[]> producer, EncodedRecord r, int shard) {
    RecordHeaders headers = new RecordHeaders();
    if (r.headers() != null) {
      r.headers().forEach(headers::add);
    }
    Integer partition = r.partition();
    if (partition == null) {
      KafkaPartitioner partitioner =
          partitioners.computeIfAbsent(
              shard,
              s -> {
                KafkaPartitioner p = Partitioners.of(spec.partitioner());
                p.open(s, spec.parallelism() == null ? 1 : spec.parallelism());
                return p;
              });
      if (!(partitioner instanceof Partitioners.KafkaDefault)) {
        int[] partitions =
            producer.partitionsFor(r.topic()).stream().mapToInt(p -> p.partition()).sorted().toArray();
        partition = partitioner.partition(null, r.key(), r.value(), r.topic(), partitions);
      }
    }
    producer.send(
        new ProducerRecord<>(r.topic(), partition, r.timestamp(), r.key(), r.value(), headers));
  }

  /** The last record number this writer committed for {@code shard}, or -1. */
  private long committedNumber(int shard, String writer) {
    OffsetAndMetadata meta;
    try {
      meta =
          admin()
              .listConsumerGroupOffsets(group(shard))
              .partitionsToOffsetAndMetadata()
              .get(30, TimeUnit.SECONDS)
              .get(metadataPartition());
    } catch (Exception e) {
      throw new KafkaSinkException(
          "Could not read the committed state of transactional producer '" + prefix + "-" + shard
              + "' (group '" + group(shard) + "'): " + e, e);
    }
    if (meta == null || meta.metadata() == null || meta.metadata().isEmpty()) {
      return -1;
    }
    String[] parts = meta.metadata().split(":", 2);
    if (parts.length != 2 || !parts[1].equals(writer)) {
      // An earlier job with this prefix: its numbers are not this writer's.
      return -1;
    }
    return Long.parseLong(parts[0]);
  }

  private Admin admin() {
    if (admin == null) {
      Map<String, Object> props = new HashMap<>();
      spec.clientProperties().forEach((k, v) -> {
        if (AdminClientConfig.configNames().contains(k)) {
          props.put(k, v);
        }
      });
      props.put(AdminClientConfig.CLIENT_ID_CONFIG, "kafka-connector-eos-state-" + prefix);
      admin = Admin.create(props);
    }
    return admin;
  }

  private TopicPartition metadataPartition() {
    return new TopicPartition(spec.topic(), 0);
  }

  private String group(int shard) {
    return prefix + "-" + shard;
  }

  private KafkaProducer<byte[], byte[]> producer(int shard) {
    KafkaProducer<byte[], byte[]> producer = producers.get(shard);
    if (producer == null) {
      Map<String, Object> props = new HashMap<>(spec.clientProperties());
      props.putAll(SinkOptionsParser.ProducerSettings.forced());
      props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, prefix + "-" + shard);
      props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
      props.put(ProducerConfig.ACKS_CONFIG, "all");
      props.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, DEFAULT_TRANSACTION_TIMEOUT_MS);
      props.put(ProducerConfig.CLIENT_ID_CONFIG, "kafka-connector-eos-" + prefix + "-" + shard);
      producer = new KafkaProducer<>(props);
      producer.initTransactions();
      LOG.info("Transactional producer '{}-{}' ready (earlier transactions of this id were"
          + " completed or aborted)", prefix, shard);
      producers.put(shard, producer);
    }
    return producer;
  }

  private void closeProducer(int shard) {
    KafkaProducer<byte[], byte[]> producer = producers.remove(shard);
    if (producer != null) {
      producer.close(Duration.ZERO);
    }
  }
}
