package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.sink.SinkOptionsParser.ParsedSink;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTagList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Builds the sink's steps: the writer where the rows are, or, with {@code sink.parallelism}, rows
 * spread over that many writer shards first. The dead-letter output is declared only when a handler
 * is set (a second output costs every record a union on Flink).
 */
public final class SinkWrites {
  private SinkWrites() {}

  /** Applies the writer of {@code sink} to the rows of {@code input}. */
  public static void apply(
      PCollection<Row> input, ParsedSink sink, @Nullable ErrorHandler<BadRecord, ?> handler) {
    apply(input, sink.spec(), sink.encoder(), RowCoder.of(input.getSchema()), handler);
  }

  /**
   * Applies the writer of {@code spec} to {@code input}, each element encoded by {@code encoder}:
   * the at-least-once writer, or the exactly-once steps for {@code sink.delivery-guarantee} =
   * exactly-once.
   *
   * @param coder the coder of the input elements (shards, dead-letter output)
   */
  public static <T> void apply(
      PCollection<T> input,
      SinkSpec spec,
      RecordEncoder<T> encoder,
      Coder<T> coder,
      @Nullable ErrorHandler<BadRecord, ?> handler) {
    if (spec.guarantee() == dev.kafkaconnector.io.common.DeliveryGuarantee.EXACTLY_ONCE) {
      ExactlyOnceWrites.apply(input, spec, encoder, coder, handler);
      return;
    }
    boolean deadLetter = handler != null;
    TupleTagList extra = deadLetter ? TupleTagList.of(WriteFn.BAD_RECORDS) : TupleTagList.empty();
    PCollectionTuple out;
    Integer shards = spec.parallelism();
    if (shards == null) {
      out =
          input.apply(
              "Write",
              ParDo.of(new WriteFn.Plain<>(spec, encoder, coder, deadLetter))
                  .withOutputTags(WriteFn.MAIN, extra));
    } else {
      out =
          input
              .apply("AssignShard", ParDo.of(new AssignShardFn<T>(shards)))
              .setCoder(KvCoder.of(VarIntCoder.of(), coder))
              .apply("SpreadOverShards", Reshuffle.of())
              .apply(
                  "Write",
                  ParDo.of(new WriteFn.Sharded<>(spec, encoder, coder, deadLetter))
                      .withOutputTags(WriteFn.MAIN, extra));
    }
    if (deadLetter) {
      PCollection<BadRecord> bad = out.get(WriteFn.BAD_RECORDS);
      bad.setCoder(BadRecord.getCoder(input.getPipeline()));
      handler.addErrorCollection(bad);
    }
  }

  /** Gives each element a random shard in {@code [0, shards)}. */
  static final class AssignShardFn<T> extends DoFn<T, KV<Integer, T>> {
    private static final long serialVersionUID = 1L;
    private final int shards;

    AssignShardFn(int shards) {
      this.shards = shards;
    }

    @ProcessElement
    public void process(@Element T row, OutputReceiver<KV<Integer, T>> out) {
      out.output(KV.of(ThreadLocalRandom.current().nextInt(shards), row));
    }
  }
}
