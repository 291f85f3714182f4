package dev.kafkaconnector.runners.read;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.Row;

/**
 * Collects the rows of a pipeline into this JVM, so that a test can watch an unbounded job while it
 * runs. Works with the DirectRunner and embedded Flink, which run in the test's JVM.
 */
public final class CollectingSink extends PTransform<PCollection<Row>, PDone> {
  private static final Map<String, Queue<Row>> ROWS = new ConcurrentHashMap<>();

  private final String id = UUID.randomUUID().toString();

  public CollectingSink() {
    ROWS.put(id, new ConcurrentLinkedQueue<>());
  }

  public List<Row> rows() {
    return new ArrayList<>(ROWS.get(id));
  }

  /** Waits until {@code condition} holds for the rows collected so far; fails after the timeout. */
  List<Row> awaitRows(Predicate<List<Row>> condition, Duration timeout, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      List<Row> rows = rows();
      if (condition.test(rows)) {
        return rows;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError(
            "Timed out after "
                + timeout
                + " waiting for "
                + what
                + "; collected "
                + rows.size()
                + " rows: "
                + (rows.size() > 20 ? rows.subList(0, 20) + "..." : rows));
      }
      Thread.sleep(50);
    }
  }

  @Override
  public PDone expand(PCollection<Row> input) {
    input.apply("Collect", ParDo.of(new CollectFn(id)));
    return PDone.in(input.getPipeline());
  }

  private static final class CollectFn extends DoFn<Row, Void> {
    private final String id;

    CollectFn(String id) {
      this.id = id;
    }

    @ProcessElement
    public void process(@Element Row row) {
      ROWS.get(id).add(row);
    }
  }
}
