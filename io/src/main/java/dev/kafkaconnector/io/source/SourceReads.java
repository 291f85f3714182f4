package dev.kafkaconnector.io.source;

import dev.kafkaconnector.io.runner.RunnerSettings;
import dev.kafkaconnector.io.runner.SpreadPartitions;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.io.source.decode.RecordHandler;
import dev.kafkaconnector.io.source.enumerate.DiscoverPartitionsFn;
import dev.kafkaconnector.io.source.enumerate.ListPartitionsFn;
import dev.kafkaconnector.io.source.reader.ReadPartitionFn;
import dev.kafkaconnector.io.source.reader.ReadWholePartitionFn;
import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.Impulse;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Reshuffle;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.beam.sdk.values.TupleTagList;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The steps of every source: an impulse, the partitions (listed once for a bounded read, discovered
 * on an interval otherwise), spread over workers, and the splittable reader (on Flink's batch mode
 * a plain DoFn around it, see {@link SpreadPartitions}), whose records become what the handler
 * makes of them ({@code read()}'s rows, {@code readChanges()}'s change events). Bad records go to
 * the dead-letter handler when there is one.
 */
public final class SourceReads {
  private SourceReads() {}

  /** Applies the source's steps to {@code input}; the output's coder is the caller's to set. */
  public static <T> PCollection<T> apply(
      PBegin input,
      SourceSpec spec,
      RecordHandler<T> handler,
      TupleTag<T> mainTag,
      ErrorPolicy policy,
      @Nullable ErrorHandler<BadRecord, ?> badRecordHandler) {
    DoFn<byte[], PartitionDescriptor> partitions =
        spec.isBounded() ? new ListPartitionsFn(spec) : new DiscoverPartitionsFn(spec);
    ReadPartitionFn<T> reader =
        ReadPartitionFn.create(spec, handler, mainTag, policy, badRecordHandler != null);
    PCollection<PartitionDescriptor> listed =
        input
            .apply("Impulse", Impulse.create())
            .apply("FindPartitions", ParDo.of(partitions))
            .setCoder(PartitionDescriptor.Coder.of());
    RunnerSettings runner = RunnerSettings.of(input.getPipeline().getOptions());
    boolean flinkBatch =
        spec.isBounded() && runner.flink() && !runner.streaming() && runner.parallelism() > 0;
    // On Flink's batch mode Beam's splittable expansion would place partitions at random (see
    // SpreadPartitions); there a plain DoFn reads each range whole behind a round-robin shuffle.
    PCollectionTuple outputs =
        (flinkBatch
                ? listed.apply("Distribute", new SpreadPartitions(runner.parallelism()))
                : listed.apply("Distribute", Reshuffle.viaRandomKey()))
            .apply(
                "ReadPartitions",
                ParDo.of(flinkBatch ? new ReadWholePartitionFn<>(reader) : reader)
                    .withOutputTags(
                        mainTag,
                        // A second output costs every record a union wrapper and a filter on
                        // Flink: declare it only when there is a dead-letter handler.
                        badRecordHandler == null
                            ? TupleTagList.empty()
                            : TupleTagList.of(ReadPartitionFn.BAD_RECORDS)));
    if (badRecordHandler != null) {
      PCollection<BadRecord> bad = outputs.get(ReadPartitionFn.BAD_RECORDS);
      bad.setCoder(BadRecord.getCoder(input.getPipeline()));
      badRecordHandler.addErrorCollection(bad);
    }
    return outputs.get(mainTag);
  }
}
