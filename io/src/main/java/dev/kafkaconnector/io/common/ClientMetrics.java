package dev.kafkaconnector.io.common;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.metrics.Gauge;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;

/**
 * A few of the Kafka clients' own metrics, forwarded into Beam gauges of the namespace {@value
 * #NAMESPACE}: {@code KafkaConsumer.<name>} for the source's consumers and {@code
 * KafkaProducer.<name>} for the sink's producers (the groups Flink's Kafka connector registers them
 * under). The values are read from the clients' {@code metrics()} maps on the calling thread (the
 * DoFn's, so that Beam attributes them to its step), at most every {@link #SAMPLE_EVERY_NANOS} per
 * instance (every {@link #INCOMPLETE_EVERY_NANOS} while a metric has no sample yet), and combined
 * over the clients one DoFn instance uses: the highest value of a {@code -max} metric, the sum of a
 * {@code -rate} or {@code -total}, the mean of an {@code -avg}. Beam gauges hold whole numbers:
 * values are rounded. A metric without samples yet (Kafka's NaN) is not set. Holds no thread and no
 * client: nothing to close.
 */
public final class ClientMetrics {
  /** The Beam namespace of the forwarded metrics. */
  public static final String NAMESPACE = ConnectorMetricNames.NAMESPACE;

  /** How often an instance reads its clients' metrics at most. */
  public static final long SAMPLE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** How often while some forwarded metric had no sample yet (a client that did not send yet). */
  static final long INCOMPLETE_EVERY_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

  /** One forwarded metric: Kafka's group and name. */
  record Forwarded(String group, String name) {}

  private static final List<Forwarded> CONSUMER =
      List.of(
          new Forwarded("consumer-fetch-manager-metrics", "records-lag-max"),
          new Forwarded("consumer-fetch-manager-metrics", "fetch-rate"),
          new Forwarded("consumer-fetch-manager-metrics", "fetch-latency-avg"),
          new Forwarded("consumer-fetch-manager-metrics", "records-consumed-rate"),
          new Forwarded("consumer-fetch-manager-metrics", "bytes-consumed-rate"),
          new Forwarded("consumer-fetch-manager-metrics", "fetch-latency-max"));

  private static final List<Forwarded> PRODUCER =
      List.of(
          new Forwarded("producer-metrics", "request-latency-avg"),
          new Forwarded("producer-metrics", "record-error-rate"),
          new Forwarded("producer-metrics", "record-error-total"),
          new Forwarded("producer-metrics", "record-retry-rate"),
          new Forwarded("producer-metrics", "record-send-rate"),
          new Forwarded("producer-metrics", "outgoing-byte-rate"),
          new Forwarded("producer-metrics", "record-queue-time-avg"),
          new Forwarded("producer-metrics", "batch-size-avg"));

  /** Tags that name the client or a broker, not a topic or partition (those are not summed). */
  private static final Set<String> CLIENT_TAGS = Set.of("client-id", "node-id");

  private final String prefix;
  private final List<Forwarded> forwarded;
  private final Gauge[] gauges;
  private long lastSampleNanos;
  private boolean sampled;
  private boolean complete;

  private ClientMetrics(String prefix, List<Forwarded> forwarded) {
    this.prefix = prefix;
    this.forwarded = forwarded;
    this.gauges = new Gauge[forwarded.size()];
    for (int i = 0; i < gauges.length; i++) {
      gauges[i] = Metrics.gauge(NAMESPACE, name(prefix, forwarded.get(i).name()));
    }
  }

  /** The gauges of a source's consumers, {@code KafkaConsumer.<name>}. */
  public static ClientMetrics consumers() {
    return new ClientMetrics("KafkaConsumer", CONSUMER);
  }

  /** The gauges of a sink's producers, {@code KafkaProducer.<name>}. */
  public static ClientMetrics producers() {
    return new ClientMetrics("KafkaProducer", PRODUCER);
  }

  /** The Beam name of a forwarded metric: {@code <prefix>.<Kafka's name>}. */
  public static String name(String prefix, String kafkaName) {
    return prefix + "." + kafkaName;
  }

  /** The Kafka names forwarded for consumers. */
  public static List<String> consumerNames() {
    return CONSUMER.stream().map(Forwarded::name).toList();
  }

  /** The Kafka names forwarded for producers. */
  public static List<String> producerNames() {
    return PRODUCER.stream().map(Forwarded::name).toList();
  }

  /**
   * Whether a sample is due: the first time, and then once {@link #SAMPLE_EVERY_NANOS} passed.
   * Cheap: call it before gathering the clients.
   */
  public boolean due() {
    return !sampled
        || System.nanoTime() - lastSampleNanos
            >= (complete ? SAMPLE_EVERY_NANOS : INCOMPLETE_EVERY_NANOS);
  }

  /** Sets the gauges from {@code clients} (each a client's {@code metrics()}), now. */
  public void sample(Collection<? extends Map<MetricName, ? extends Metric>> clients) {
    sampled = true;
    lastSampleNanos = System.nanoTime();
    boolean all = true;
    for (int i = 0; i < gauges.length; i++) {
      Forwarded f = forwarded.get(i);
      double value = combine(f, clients);
      if (Double.isNaN(value)) {
        all = false;
      } else {
        gauges[i].set(Math.round(value));
      }
    }
    complete = all;
  }

  /** The value of {@code f} over {@code clients}, or NaN when none has a sample. */
  static double combine(
      Forwarded f, Collection<? extends Map<MetricName, ? extends Metric>> clients) {
    double max = Double.NaN;
    double sum = 0;
    int count = 0;
    for (Map<MetricName, ? extends Metric> metrics : clients) {
      for (Map.Entry<MetricName, ? extends Metric> e : metrics.entrySet()) {
        MetricName name = e.getKey();
        if (!name.name().equals(f.name())
            || !name.group().equals(f.group())
            || !CLIENT_TAGS.containsAll(name.tags().keySet())) {
          continue;
        }
        double v = valueOf(e.getValue());
        if (Double.isNaN(v) || Double.isInfinite(v)) {
          continue;
        }
        max = Double.isNaN(max) ? v : Math.max(max, v);
        sum += v;
        count++;
      }
    }
    if (count == 0) {
      return Double.NaN;
    }
    if (f.name().endsWith("-max")) {
      return max;
    }
    return f.name().endsWith("-avg") ? sum / count : sum;
  }

  private static double valueOf(Metric metric) {
    try {
      Object v = metric.metricValue();
      return v instanceof Number n ? n.doubleValue() : Double.NaN;
    } catch (RuntimeException e) {
      return Double.NaN; // a client closing meanwhile
    }
  }

  @Override
  public String toString() {
    return "ClientMetrics{" + prefix + "}";
  }
}
