package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.sink.SinkOptionsParser.ParsedSink;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.schemas.Schema;
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
 * spread over that many writer shards first. The dead-letter output is declared only when a
 * handler is set (a second output costs every record a union on Flink).
 */
public final class SinkWrites {
  private SinkWrites() {}

  /** Applies the writer of {@code sink} to {@code input}. */
  public static void apply(
      PCollection<Row> input, ParsedSink sink, @Nullable ErrorHandler<BadRecord, ?> handler) {
    if (sink.spec().guarantee() == dev.kafkaconnector.io.common.DeliveryGuarantee.EXACTLY_ONCE) {
      ExactlyOnceWrites.apply(input, sink, handler);
      return;
    }
    Schema schema = input.getSchema();
    boolean deadLetter = handler != null;
    TupleTagList extra = deadLetter ? TupleTagList.of(WriteFn.BAD_RECORDS) : TupleTagList.empty();
    PCollectionTuple out;
    Integer shards = sink.spec().parallelism();
    if (shards == null) {
      out =
          input.apply(
              "Write",
              ParDo.of(new WriteFn.Rows(sink.spec(), sink.encoder(), schema, deadLetter))
                  .withOutputTags(WriteFn.MAIN, extra));
    } else {
      out =
          input
              .apply("AssignShard", ParDo.of(new AssignShardFn(shards)))
              .setCoder(KvCoder.of(VarIntCoder.of(), RowCoder.of(schema)))
              .apply("SpreadOverShards", Reshuffle.of())
              .apply(
                  "Write",
                  ParDo.of(new WriteFn.Sharded(sink.spec(), sink.encoder(), schema, deadLetter))
                      .withOutputTags(WriteFn.MAIN, extra));
    }
    if (deadLetter) {
      PCollection<BadRecord> bad = out.get(WriteFn.BAD_RECORDS);
      bad.setCoder(BadRecord.getCoder(input.getPipeline()));
      handler.addErrorCollection(bad);
    }
  }

  /** Gives each row a random shard in {@code [0, shards)}. */
  static final class AssignShardFn extends DoFn<Row, KV<Integer, Row>> {
    private static final long serialVersionUID = 1L;
    private final int shards;

    AssignShardFn(int shards) {
      this.shards = shards;
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<KV<Integer, Row>> out) {
      out.output(KV.of(ThreadLocalRandom.current().nextInt(shards), row));
    }
  }
}
