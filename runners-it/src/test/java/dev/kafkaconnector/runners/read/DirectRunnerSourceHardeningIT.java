package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.runners.PipelineRunners;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Count;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TypeDescriptors;
import org.junit.jupiter.api.Test;

/**
 * The source-hardening cases on the DirectRunner, with its immutability and encodability checks.
 *
 * <p>The event-time window case runs here only: on embedded Flink no event-time window fires
 * downstream of the source although the reader's watermark estimator advances; the cause is not
 * found yet (the runner's Impulse emits no watermark while it runs, Beam issue #29558, but letting
 * it shut down with --shutdownSourcesAfterIdleMs did not help and stops checkpoints). Open in the
 * issue.
 */
class DirectRunnerSourceHardeningIT extends AbstractSourceHardeningITCase {
  @Override
  protected PipelineOptions boundedOptions() {
    return PipelineRunners.direct(true, true);
  }

  @Override
  protected PipelineOptions streamingOptions() {
    return PipelineRunners.direct(false, true);
  }

  /** The DirectRunner ends an unbounded job once every watermark reached the end of time. */
  @Override
  protected PipelineOptions streamingOptionsEndingWithTheSources() {
    return PipelineRunners.direct(true, true);
  }

  @Test
  void outOfOrderRecordsWithinTheBoundAreNotDroppedFromEventTimeWindows() throws Exception {
    String topic = newTopic("window", 1);
    long t = 1_600_000_000_000L; // a multiple of 10 s: windows [t, t+10 s), [t+10 s, t+20 s), ...
    Pipeline pipeline = Pipeline.create(streamingOptions());
    CollectingSink raw = new CollectingSink();
    CollectingSink windows = new CollectingSink();
    PCollection<Row> rows =
        pipeline.apply(source(topic).withOption("scan.startup.mode", "earliest-offset"));
    rows.apply("Raw", raw);
    rows.apply(Window.into(FixedWindows.of(org.joda.time.Duration.standardSeconds(10))))
        .apply(MapElements.into(TypeDescriptors.strings()).via(r -> "all"))
        .apply(Count.perElement())
        .apply(ParDo.of(new WindowCountFn()))
        .setRowSchema(WindowCountFn.SCHEMA)
        .apply("Windows", windows);
    PipelineResult result = pipeline.run();
    try {
      // Phase 1 ends 12 s into event time: the watermark is 7 s in (5 s out-of-orderness).
      for (long s : new long[] {1, 4, 2, 12}) {
        producer.send(topic, 0, t + s * 1000, null, "at-" + s);
      }
      producer.flush();
      raw.awaitRows(r -> r.size() >= 4, WAIT, "phase 1");
      // Phase 2: 8 s is 4 s behind the newest record (within the bound), 11 s is 4 s behind 15 s;
      // 31 s moves the watermark to 26 s, which closes the first two windows.
      for (long s : new long[] {8, 15, 11, 31}) {
        producer.send(topic, 0, t + s * 1000, null, "at-" + s);
      }
      producer.flush();
      List<Row> counts = windows.awaitRows(r -> r.size() >= 2, WAIT, "the first two windows");
      Map<Long, Long> byStart = new TreeMap<>();
      counts.forEach(r -> byStart.put(r.getInt64("start") - t, r.getInt64("count")));
      assertEquals(Map.of(0L, 4L, 10_000L, 3L), byStart, "window start (ms after t) -> count");
    } finally {
      result.cancel();
    }
  }


  /** Emits (window start, count) rows. */
  static final class WindowCountFn extends DoFn<KV<String, Long>, Row> {
    static final Schema SCHEMA =
        Schema.builder().addInt64Field("start").addInt64Field("count").build();

    @ProcessElement
    public void process(
        @Element KV<String, Long> count, BoundedWindow window, OutputReceiver<Row> out) {
      long start = ((IntervalWindow) window).start().getMillis();
      out.output(Row.withSchema(SCHEMA).addValues(start, count.getValue()).build());
    }
  }
}
