package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.sink.SinkOptionsParser.ParsedSink;
import java.util.Arrays;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.state.StateSpec;
import org.apache.beam.sdk.state.StateSpecs;
import org.apache.beam.sdk.state.ValueState;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.GroupByKey;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.transforms.windowing.AfterFirst;
import org.apache.beam.sdk.transforms.windowing.AfterPane;
import org.apache.beam.sdk.transforms.windowing.AfterProcessingTime;
import org.apache.beam.sdk.transforms.windowing.GlobalWindows;
import org.apache.beam.sdk.transforms.windowing.Repeatedly;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Duration;

/**
 * The steps of the exactly-once sink, after Beam's KafkaIO EOS sink but keeping every record field:
 * rows are encoded and given a shard (by key hash, round-robin without key), a stateful step
 * numbers each shard's records, and the writer ({@link TransactionalWriteFn}, on stable input)
 * writes each batch of a shard in one Kafka transaction of the shard's long-lived producer,
 * committing the last number inside the transaction so that a replayed batch is recognised and
 * not written twice.
 */
final class ExactlyOnceWrites {
  static final TupleTag<KV<Integer, EncodedRecord>> ENCODED = new TupleTag<>() {};

  private ExactlyOnceWrites() {}

  static void apply(
      PCollection<Row> input, ParsedSink sink, @Nullable ErrorHandler<BadRecord, ?> handler) {
    Schema schema = input.getSchema();
    boolean deadLetter = handler != null;
    int shards = sink.spec().parallelism() == null ? 1 : sink.spec().parallelism();
    PCollectionTuple encoded =
        input
            .apply(
                "Rewindow",
                Window.<Row>into(new GlobalWindows())
                    .triggering(
                        // Batches of up to 10,000 records or 200 ms: one transaction each.
                        Repeatedly.forever(
                            AfterFirst.of(
                                AfterPane.elementCountAtLeast(10_000),
                                AfterProcessingTime.pastFirstElementInPane()
                                    .plusDelayOf(Duration.millis(200)))))
                    .discardingFiredPanes()
                    .withAllowedLateness(Duration.ZERO))
            .apply(
                "EncodeAndShard",
                ParDo.of(new EncodeFn(sink, schema, deadLetter, shards))
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
        .apply("GroupByShard", GroupByKey.create())
        .apply("Number", ParDo.of(new SequenceFn()))
        .setCoder(
            KvCoder.of(VarIntCoder.of(), KvCoder.of(VarLongCoder.of(), EncodedRecordCoder.of())))
        .apply("Batch", GroupByKey.create())
        .apply("WriteTransactions", ParDo.of(new TransactionalWriteFn(sink.spec())));
  }

  /** Encodes rows (bad rows take the policy) and gives each record its shard. */
  static final class EncodeFn extends DoFn<Row, KV<Integer, EncodedRecord>> {
    private final SinkSpec spec;
    private final RowRecordEncoder encoder;
    private final BadRows badRows;
    private final int shards;
    private final int maxRequestSize;
    private transient int next;

    EncodeFn(ParsedSink sink, Schema schema, boolean deadLetter, int shards) {
      this.spec = sink.spec();
      this.encoder = sink.encoder();
      this.badRows = new BadRows(spec, schema, deadLetter);
      this.shards = shards;
      String max = spec.clientProperties().get("max.request.size");
      this.maxRequestSize = max == null ? 1024 * 1024 : Integer.parseInt(max.trim());
    }

    @ProcessElement
    public void process(@Element Row row, MultiOutputReceiver out) {
      try {
        EncodedRecord record = encoder.encode(row);
        if (record == null) {
          return;
        }
        String tooLarge = RecordSender.tooLarge(record, maxRequestSize);
        if (tooLarge != null) {
          throw new BadRowException(null, tooLarge, null);
        }
        int shard =
            record.key() != null
                ? Math.floorMod(Arrays.hashCode(record.key()), shards)
                : Math.floorMod(next++, shards);
        out.get(ENCODED).output(KV.of(shard, record));
      } catch (BadRowException e) {
        badRows.handle(row, e, out);
      }
    }
  }

  /** Numbers the records of each shard 0, 1, 2, … (state per shard). */
  static final class SequenceFn
      extends DoFn<KV<Integer, Iterable<EncodedRecord>>, KV<Integer, KV<Long, EncodedRecord>>> {
    @StateId("next")
    private final StateSpec<ValueState<Long>> nextSpec = StateSpecs.value(VarLongCoder.of());

    @ProcessElement
    public void process(
        @Element KV<Integer, Iterable<EncodedRecord>> batch,
        @StateId("next") ValueState<Long> nextState,
        OutputReceiver<KV<Integer, KV<Long, EncodedRecord>>> out) {
      Long stored = nextState.read();
      long next = stored == null ? 0 : stored;
      for (EncodedRecord record : batch.getValue()) {
        out.output(KV.of(batch.getKey(), KV.of(next++, record)));
      }
      nextState.write(next);
    }
  }
}
