package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.common.SharedPerJvm;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.values.PCollection;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code dirty-data.collector: {type: logger}}: every record the source failed to parse is logged
 * (topic, partition, offset and reason, as the source's failure describes it) at WARN, then the
 * source's error policy applies: with {@code ingestion.ignore-errors} false the job fails at the
 * first one; otherwise it fails once more than {@code ingestion.error-tolerance.max-count} were
 * collected in this JVM (-1: never).
 */
final class DirtyDataLogger extends PTransform<PCollection<BadRecord>, PCollection<Void>> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(DirtyDataLogger.class);

  /**
   * Counts per applied collector in this JVM, shared by its DoFn instances and forgotten when the
   * last of them is torn down.
   */
  private static final SharedPerJvm<String, AtomicLong> COUNTS = new SharedPerJvm<>();

  private final ErrorPolicy policy;
  private final @Nullable String collectorName;

  DirtyDataLogger(ErrorPolicy policy, @Nullable String collectorName) {
    this.policy = policy;
    this.collectorName = collectorName;
  }

  @Override
  public PCollection<Void> expand(PCollection<BadRecord> input) {
    return input.apply(
        "LogDirtyData", ParDo.of(new LogFn(policy, collectorName, UUID.randomUUID().toString())));
  }

  /** Failure of the job once the dirty data exceeds the tolerance. */
  static final class DirtyDataException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DirtyDataException(String message) {
      super(message);
    }
  }

  private static final class LogFn extends DoFn<BadRecord, Void> {
    private static final long serialVersionUID = 1L;
    private final ErrorPolicy policy;
    private final String label;
    private final String id;
    private final Counter collected = Metrics.counter("kafka-connector", "dirty-data-collected");
    private transient @Nullable AtomicLong count;

    LogFn(ErrorPolicy policy, @Nullable String collectorName, String id) {
      this.policy = policy;
      this.label = collectorName == null ? "logger" : collectorName;
      this.id = id;
    }

    @Setup
    public void setup() {
      count = COUNTS.acquire(id, k -> new AtomicLong());
    }

    @Teardown
    public void teardown() {
      if (count != null) {
        count = null;
        COUNTS.release(id, c -> {});
      }
    }

    @ProcessElement
    public void process(@Element BadRecord record) {
      String reason = record.getFailure().getDescription();
      long n = count.incrementAndGet();
      collected.inc();
      LOG.warn("Dirty data collected by {} (#{} in this JVM): {}", label, n, reason);
      if (!policy.ignoreErrors()) {
        throw new DirtyDataException(
            "A record failed to parse and ingestion.ignore-errors is false: " + reason);
      }
      if (policy.maxCount() >= 0 && n > policy.maxCount()) {
        throw new DirtyDataException(
            n
                + " records failed to parse, more than ingestion.error-tolerance.max-count = "
                + policy.maxCount()
                + ". Last: "
                + reason);
      }
    }
  }
}
