package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import dev.kafkaconnector.io.common.ConnectorMetricNames;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.NotRetriedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.errors.AuthenticationException;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One writer instance's producer. It counts its own sends in flight (one more at each send, one
 * less in each send's callback), and {@link #flush()} returns only when every record sent so far
 * has called back: acknowledged, refused or failed. A bundle is done only when each of its records
 * is acknowledged or accounted for.
 *
 * <p>{@code KafkaProducer.flush()} alone does not give that (kafka-clients 3.9.1): it waits for the
 * batches that were incomplete when it was called ({@code RecordAccumulator.awaitFlushCompletion}
 * takes a copy of {@code incomplete}). When the broker refuses a batch as too large ({@code
 * MESSAGE_TOO_LARGE}), the {@code Sender} splits it ({@code RecordAccumulator.splitAndReenqueue}):
 * the big batch's result completes and new batches for its records are enqueued, which that flush
 * does not wait for. The records of the split batches were then still pending when the bundle
 * completed, and a zero-timeout close dropped them.
 *
 * <p>A record the broker refuses for good ({@link BrokerRefusals}) is handed back by {@link
 * #flush()} with the context it was sent with when the writer has a dead-letter output (only then
 * is a context kept per record), and fails the bundle marked {@link NotRetriedException} when it
 * has none. Any other failed send fails the bundle, and the runner retries it. Opened in the
 * writer's {@code @Setup}, closed in its {@code @Teardown}.
 */
final class RecordSender implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RecordSender.class);

  /** Waited beyond {@code delivery.timeout.ms} for the last callbacks. */
  static final Duration CALLBACK_MARGIN = Duration.ofSeconds(30);

  private static final long POLL_MILLIS = 50;

  /** A refused record: the context it was sent with, where it went and the broker's error. */
  record Refused(Object context, String topic, int partition, Exception error) {}

  private final SinkSpec spec;
  private final Producer<byte[], byte[]> producer;
  private final TopicLimits limits;
  private final Duration deliveryTimeout;
  private final Duration callbackMargin;
  private final AtomicReference<Exception> failure = new AtomicReference<>();
  private final AtomicLong failedSends = new AtomicLong();

  /** The first refusal when there is no dead-letter output, with where it went. */
  private final AtomicReference<Refused> refusal = new AtomicReference<>();

  private final AtomicLong refusedSends = new AtomicLong();
  private final Queue<Refused> refused = new ConcurrentLinkedQueue<>();
  private final AtomicLong inFlight = new AtomicLong();
  private final Object callbacks = new Object();

  /** Where the first failed send went, for the error. */
  private volatile String firstFailedAt = "?";

  private final Callback callback;
  private final PartitionNumbers partitions;
  private final Counter sendsFailed =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.RECORDS_OUT_ERRORS);

  RecordSender(SinkSpec spec, String clientId) {
    this(
        spec,
        new KafkaProducer<>(producerProperties(spec, clientId)),
        new TopicLimits(spec, clientId),
        CALLBACK_MARGIN);
  }

  /** For tests: sends through {@code producer}, waits {@code callbackMargin} past the timeout. */
  RecordSender(
      SinkSpec spec,
      Producer<byte[], byte[]> producer,
      TopicLimits limits,
      Duration callbackMargin) {
    this.spec = spec;
    this.callbackMargin = callbackMargin;
    this.producer = producer;
    this.limits = limits;
    String timeout = spec.clientProperties().get(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG);
    this.deliveryTimeout =
        Duration.ofMillis(timeout == null ? 120_000 : Long.parseLong(timeout.trim()));
    this.partitions = new PartitionNumbers(this::partitionsFor);
    this.callback = (metadata, exception) -> completed(null, metadata, exception);
  }

  private static Map<String, Object> producerProperties(SinkSpec spec, String clientId) {
    Map<String, Object> props = new HashMap<>(spec.clientProperties());
    props.putAll(SinkOptionsParser.ProducerSettings.forced());
    SinkOptionsParser.ProducerSettings.defaults().forEach(props::putIfAbsent);
    props.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "kafka-connector-writer");
    props.put(
        ProducerConfig.CLIENT_ID_CONFIG,
        props.get(ProducerConfig.CLIENT_ID_CONFIG) + "-" + clientId);
    if (spec.guarantee() == DeliveryGuarantee.AT_LEAST_ONCE) {
      props.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
    }
    return props;
  }

  /** The producer's own metrics (a live view). */
  Map<MetricName, ? extends Metric> producerMetrics() {
    return producer.metrics();
  }

  /** The partition numbers of the topics this producer writes to, refreshed every minute. */
  PartitionNumbers partitions() {
    return partitions;
  }

  /**
   * Why {@code record} is larger than the producer ({@code max.request.size}) or its topic ({@code
   * max.message.bytes}) accepts, or null when it fits. Checked before sending so that the row can
   * take the bad-row policy.
   */
  @Nullable String tooLarge(EncodedRecord record) {
    return limits.tooLarge(record);
  }

  /**
   * Sends one record; failures are reported by {@link #flush()}.
   *
   * @param context what to hand back with the record if the broker refuses it (the row, for the
   *     dead-letter output), or null when the writer has no dead-letter output
   */
  void send(ProducerRecord<byte[], byte[]> record, @Nullable Object context) {
    checkFailure();
    inFlight.incrementAndGet();
    try {
      // KafkaProducer calls the callback for an error it returns as a failed future (ApiException)
      // and not for one it throws: a thrown send is not in flight.
      producer.send(record, context == null ? callback : (m, e) -> completed(context, m, e));
    } catch (AuthenticationException e) {
      inFlight.decrementAndGet();
      throw refused("write to topic '" + record.topic() + "'", e);
    } catch (RuntimeException e) {
      inFlight.decrementAndGet();
      throw e;
    }
  }

  private void completed(@Nullable Object context, RecordMetadata metadata, Exception exception) {
    try {
      if (exception != null) {
        failed(context, metadata, exception);
      }
    } finally {
      if (inFlight.decrementAndGet() == 0) {
        synchronized (callbacks) {
          callbacks.notifyAll();
        }
      }
    }
  }

  private void failed(@Nullable Object context, RecordMetadata metadata, Exception exception) {
    String topic = metadata == null ? "?" : metadata.topic();
    int partition = metadata == null ? -1 : metadata.partition();
    Throwable refusedFor = BrokerRefusals.find(exception);
    if (refusedFor != null && spec.guarantee() != DeliveryGuarantee.NONE) {
      Refused r = new Refused(context, topic, partition, exception);
      if (context != null) {
        refused.add(r);
      } else {
        refusedSends.incrementAndGet();
        refusal.compareAndSet(null, r);
      }
      LOG.warn(
          "Kafka refused a record for topic '{}' partition {}: {}",
          topic,
          partition,
          AuthenticationFailures.scrub(exception.toString(), spec.clientProperties()));
      return;
    }
    failedSends.incrementAndGet();
    if (!failure.compareAndSet(null, exception)) {
      return;
    }
    firstFailedAt =
        "topic '" + topic + "' partition " + (partition < 0 ? "?" : String.valueOf(partition));
    LOG.warn("Writing to {} failed: {}", topic, exception.toString());
  }

  private java.util.List<org.apache.kafka.common.PartitionInfo> partitionsFor(String topic) {
    try {
      return producer.partitionsFor(topic);
    } catch (AuthenticationException e) {
      throw refused("look up the partitions of topic '" + topic + "'", e);
    }
  }

  /** An authentication failure, which is not retriable, described without secrets or cause. */
  private KafkaSinkException refused(String what, AuthenticationException e) {
    return new KafkaSinkException(
        AuthenticationFailures.describe(what, e, spec.clientProperties()),
        AuthenticationFailures.notRetried());
  }

  /**
   * Waits until every record sent so far called back (at-least-once; with {@code none} it only
   * hands them to the producer) and fails when one could not be written.
   *
   * @return the records the broker refused for good that were sent with a context, to be sent to
   *     the dead-letter output
   * @throws KafkaSinkException naming the failure: marked {@link NotRetriedException} for a refused
   *     record sent without context, else retried by the runner
   */
  List<Refused> flush() {
    if (spec.guarantee() == DeliveryGuarantee.NONE) {
      Exception e = failure.getAndSet(null);
      if (e != null) {
        long failed = failedSends.getAndSet(0);
        // Called from the writer's bundle methods, where a Beam counter can be updated: the loss
        // is logged and counted, never silent.
        sendsFailed.inc(failed);
        LOG.warn(
            "{} records could not be written (sink.delivery-guarantee none): {}",
            failed,
            e.toString());
      }
      return List.of();
    }
    awaitCallbacks();
    List<Refused> out = new ArrayList<>();
    for (Refused r; (r = refused.poll()) != null; ) {
      out.add(r);
    }
    checkFailure(); // when it fails the bundle, its refused records go with it
    return out;
  }

  /**
   * Flushes until no send is in flight: a flush does not wait for the batches a split creates, and
   * flushing again sends them at once instead of after {@code linger.ms}.
   */
  private void awaitCallbacks() {
    long deadline = System.nanoTime() + deliveryTimeout.plus(callbackMargin).toNanos();
    while (inFlight.get() > 0) {
      producer.flush();
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new KafkaSinkException(
            inFlight.get()
                + " record(s) sent to Kafka ("
                + spec.clientProperties().get("bootstrap.servers")
                + ") were neither acknowledged nor refused within option"
                + " 'properties.delivery.timeout.ms' = "
                + deliveryTimeout.toMillis()
                + " ms plus "
                + callbackMargin.toMillis()
                + " ms; the bundle fails and is retried. Check that"
                + " the brokers are reachable and the topics' partitions have leaders");
      }
      synchronized (callbacks) {
        if (inFlight.get() > 0) {
          try {
            callbacks.wait(Math.min(POLL_MILLIS, Math.max(1, left / 1_000_000)));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaSinkException("Interrupted waiting for Kafka's acknowledgements", e);
          }
        }
      }
    }
  }

  /** The topic's {@code max.message.bytes}, or {@link TopicLimits#UNKNOWN}. */
  int topicLimit(String topic) {
    return "?".equals(topic) ? TopicLimits.UNKNOWN : limits.maxMessageBytes(topic);
  }

  /** The number of records sent that have not called back yet. */
  long inFlight() {
    return inFlight.get();
  }

  private void checkFailure() {
    if (spec.guarantee() == DeliveryGuarantee.NONE) {
      return;
    }
    Refused r = refusal.get();
    if (r != null) {
      throw new KafkaSinkException(
          "Cannot write "
              + refusedSends.get()
              + " record(s) to Kafka (no dead-letter output: set"
              + " one with withBadRecordErrorHandler to keep the job running). "
              + BrokerRefusals.describe(
                  r.topic(),
                  r.partition(),
                  BrokerRefusals.find(r.error()),
                  topicLimit(r.topic()),
                  spec.clientProperties()),
          NotRetriedException.cause());
    }
    Exception e = failure.get();
    AuthenticationException authentication = AuthenticationFailures.find(e);
    if (authentication != null) {
      throw refused("write " + failedSends.get() + " record(s)", authentication);
    }
    if (e != null) {
      throw new KafkaSinkException(
          failedSends.get()
              + " record(s) could not be written to Kafka ("
              + spec.clientProperties().get("bootstrap.servers")
              + "; the first to "
              + firstFailedAt
              + "): "
              + e.getMessage(),
          e);
    }
  }

  /**
   * Closes the producer. After a completed bundle nothing is in flight; records still in flight
   * belong to a bundle that failed (and is retried): they get a short grace to complete, and what
   * is left is logged with its count, never dropped silently.
   */
  @Override
  public void close() {
    limits.close();
    long left = inFlight.get();
    Duration grace =
        spec.guarantee() == DeliveryGuarantee.NONE
            ? Duration.ofSeconds(30)
            : left > 0 ? Duration.ofSeconds(5) : Duration.ZERO;
    try {
      producer.close(grace);
    } catch (RuntimeException e) {
      LOG.warn("Closing the producer failed: {}", e.toString());
    }
    if (inFlight.get() > 0 || left > 0) {
      LOG.warn(
          "{} record(s) were in flight when the writer closed ({} after a grace of {} s):"
              + " they belong to a bundle that did not complete, which the runner retries",
          left,
          inFlight.get(),
          grace.toSeconds());
    }
  }
}
