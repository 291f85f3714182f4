package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.runner.RunnerSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The steps of the exactly-once sink ({@code sink.delivery-guarantee} = exactly-once): input
 * elements are encoded (bad rows take the policy, as do records larger than {@code
 * max.request.size} or their topic's {@code max.message.bytes}: see {@link TopicLimits}), given a
 * partition when the partitioner picks one, and a shard: records of one target partition, else of
 * one key, share a shard, so their order is kept; other records are spread by a hash of their
 * value. The shard of a record depends on the record only, so that a record replayed after a
 * restore reaches the same shard. {@link TransactionalWriteFn} then numbers each shard's records
 * and writes them in transactions once the runner made them durable. The shard count is {@code
 * sink.parallelism} (default {@value #DEFAULT_SHARDS}): the sink uses that many transactional ids.
 */
final class ExactlyOnceWrites {
  static final int DEFAULT_SHARDS = 4;
  static final TupleTag<KV<Integer, EncodedRecord>> ENCODED = new TupleTag<>() {};

  private ExactlyOnceWrites() {}

  static int shards(SinkSpec spec) {
    return spec.parallelism() == null ? DEFAULT_SHARDS : spec.parallelism();
  }

  static <T> void apply(
      PCollection<T> input,
      SinkSpec spec,
      RecordEncoder<T> encoder,
      Coder<T> coder,
      @Nullable ErrorHandler<BadRecord, ?> handler) {
    RunnerSettings runner = RunnerSettings.of(input.getPipeline().getOptions());
    if (runner.flink() && (!runner.streaming() || runner.checkpointingIntervalMillis() <= 0)) {
      throw new IllegalArgumentException(
          "Option 'sink.delivery-guarantee' = 'exactly-once' on the FlinkRunner needs a streaming"
              + " job with checkpoints (--streaming --checkpointingInterval=<ms>): records are"
              + " written once a checkpoint has made them durable");
    }
    PrefixClaims.claim(input.getPipeline(), spec.transactionalIdPrefix());
    boolean deadLetter = handler != null;
    // The writer's state numbers a shard's records: one numbering for the whole job.
    PCollection<T> global =
        input.getWindowingStrategy().getWindowFn() instanceof GlobalWindows
            ? input
            : input.apply("GlobalWindow", Window.into(new GlobalWindows()));
    PCollectionTuple encoded =
        global.apply(
            "EncodeAndShard",
            ParDo.of(new EncodeFn<>(spec, encoder, coder, deadLetter))
                .withOutputTags(
                    ENCODED,
                    deadLetter ? TupleTagList.of(WriteFn.BAD_RECORDS) : TupleTagList.empty()));
    if (deadLetter) {
      PCollection<BadRecord> bad = encoded.get(WriteFn.BAD_RECORDS);
      bad.setCoder(BadRecord.getCoder(input.getPipeline()));
      handler.addErrorCollection(bad);
    }
    encoded
        .get(ENCODED)
        .setCoder(KvCoder.of(VarIntCoder.of(), EncodedRecordCoder.of()))
        .apply("WriteTransactions", ParDo.of(new TransactionalWriteFn(spec, !runner.flink())));
  }

  /** Encodes elements, picks partition and shard. */
  static final class EncodeFn<T> extends DoFn<T, KV<Integer, EncodedRecord>> {
    private static final long serialVersionUID = 1L;

    private final SinkSpec spec;
    private final RecordEncoder<T> encoder;
    private final BadRows<T> badRows;
    private final int shards;
    private final Counter withoutRecord = Metrics.counter("kafka-connector", "rows-without-record");
    private transient @Nullable T pendingBefore;
    private transient PartitionChoice choice;
    private transient @Nullable KafkaProducer<byte[], byte[]> metadata;
    private transient @Nullable PartitionNumbers partitions;

    /** The size limits (max.request.size, each topic's max.message.bytes), opened lazily. */
    private transient @Nullable TopicLimits limits;

    EncodeFn(SinkSpec spec, RecordEncoder<T> encoder, Coder<T> coder, boolean deadLetter) {
      this.spec = spec;
      this.encoder = encoder;
      this.badRows = new BadRows<>(encoder.destination(), coder, deadLetter);
      this.shards = shards(spec);
    }

    @Setup
    public void setup() {
      choice = new PartitionChoice(spec.partitioner(), shards, this::partitions);
    }

    @Teardown
    public void teardown() {
      encoder.close();
      if (metadata != null) {
        metadata.close(Duration.ZERO);
        metadata = null;
      }
      if (limits != null) {
        limits.close();
        limits = null;
      }
    }

    @StartBundle
    public void startBundle() {
      pendingBefore = null;
    }

    /**
     * Encodes {@code row}; a changelog format that writes an update as one message (-U followed by
     * its +U) gets the pair in one record, as the at-least-once writer does.
     */
    @ProcessElement
    public void process(@Element T row, MultiOutputReceiver out) {
      if (pendingBefore != null) {
        T before = pendingBefore;
        pendingBefore = null;
        if (encoder.isUpdateAfter(row)) {
          try {
            emit(encoder.encodeUpdate(before, row), row, out);
          } catch (BadRowException e) {
            badRows.handle(row, e, out);
          }
          return;
        }
        encodeAndEmit(before, out);
      }
      if (encoder.writesUpdates() && encoder.isUpdateBefore(row)) {
        pendingBefore = row;
        return;
      }
      encodeAndEmit(row, out);
    }

    /** A -U row at the end of the bundle is written alone (or fails by the policy). */
    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      if (pendingBefore == null) {
        return;
      }
      T before = pendingBefore;
      pendingBefore = null;
      try {
        EncodedRecord record = encoder.encode(before);
        if (record != null) {
          KV<Integer, EncodedRecord> sharded = shard(record, before);
          context.output(
              ENCODED, sharded, BoundedWindow.TIMESTAMP_MIN_VALUE, GlobalWindow.INSTANCE);
        } else {
          withoutRecord.inc();
        }
      } catch (BadRowException e) {
        String reason = badRows.describe(e);
        if (!badRows.deadLetter()) {
          throw BadRows.fail(reason, e);
        }
        try {
          context.output(
              WriteFn.BAD_RECORDS,
              BadRecord.fromExceptionInformation(before, badRows.coder(), e, reason),
              BoundedWindow.TIMESTAMP_MIN_VALUE,
              GlobalWindow.INSTANCE);
        } catch (Exception routing) {
          throw new KafkaSinkException(
              "Could not write the bad row to the dead-letter output: " + reason, routing);
        }
        badRows.counted();
      }
    }

    private void encodeAndEmit(T row, MultiOutputReceiver out) {
      try {
        EncodedRecord record = encoder.encode(row);
        if (record == null) {
          withoutRecord.inc(); // nothing to write: an upsert table's -U row, a schema change
          return;
        }
        emit(record, row, out);
      } catch (BadRowException e) {
        badRows.handle(row, e, out);
      }
    }

    private void emit(EncodedRecord record, T row, MultiOutputReceiver out) throws BadRowException {
      out.get(ENCODED).output(shard(record, row));
    }

    private KV<Integer, EncodedRecord> shard(EncodedRecord record, T row) throws BadRowException {
      // Before the record is numbered: a record the topic refuses never reaches a transaction.
      if (limits == null) {
        limits = new TopicLimits(spec, "eos-encode");
      }
      String tooLarge = limits.tooLarge(record);
      if (tooLarge != null) {
        throw new BadRowException(null, tooLarge, null);
      }
      if (record.partition() != null) {
        String missing = partitions().missing(record.topic(), record.partition());
        if (missing != null) {
          throw new BadRowException(
              null, missing + ", as the 'partition' metadata column says", null);
        }
      }
      int shard;
      if (record.partition() != null) {
        shard = Math.floorMod(Objects.hash(record.topic(), record.partition()), shards);
      } else if (record.key() != null) {
        shard = Math.floorMod(Arrays.hashCode(record.key()), shards);
      } else {
        // Not round-robin: a record replayed after a restore must come to the same shard, whose
        // numbering recognises it (a per-instance counter restarts with the instance).
        shard = Math.floorMod(Arrays.hashCode(record.value()), shards);
      }
      record = withPartition(record, row, shard);
      if (record.partition() != null && record.key() == null) {
        shard = Math.floorMod(Objects.hash(record.topic(), record.partition()), shards);
      }
      return KV.of(shard, record);
    }

    /** The record with the partition {@code sink.partitioner} picks, if it picks one. */
    private EncodedRecord withPartition(EncodedRecord record, T row, int shard) {
      Integer partition = choice.of(record, encoder.partitionerRow(row), shard);
      return partition == null || partition.equals(record.partition())
          ? record
          : new EncodedRecord(
              record.topic(),
              partition,
              record.timestamp(),
              record.key(),
              record.value(),
              record.headers());
    }

    private PartitionNumbers partitions() {
      if (partitions == null) {
        Map<String, Object> props = new HashMap<>(spec.clientProperties());
        props.putAll(SinkOptionsParser.ProducerSettings.forced());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "kafka-connector-eos-metadata");
        metadata = new KafkaProducer<>(props);
        partitions = new PartitionNumbers(metadata::partitionsFor);
      }
      return partitions;
    }
  }
}
