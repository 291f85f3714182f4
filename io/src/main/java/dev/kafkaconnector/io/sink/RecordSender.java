package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.AbstractRecords;
import org.apache.kafka.common.record.CompressionType;
import org.apache.kafka.common.record.RecordBatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One writer instance's producer: sends encoded records, remembers the first failed send, and on
 * {@link #flush()} waits until every record sent so far is acknowledged (at-least-once) and fails
 * if any was not. Opened in the writer's {@code @Setup}, closed in its {@code @Teardown}.
 */
final class RecordSender implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RecordSender.class);
  private final SinkSpec spec;
  private final KafkaProducer<byte[], byte[]> producer;
  private final int maxRequestSize;
  private final AtomicReference<Exception> failure = new AtomicReference<>();
  private final AtomicLong failedSends = new AtomicLong();
  /** Where the first failed send went, for the error. */
  private volatile String firstFailedAt = "?";
  private final Callback callback;
  private final PartitionNumbers partitions;
  private final Counter sendsFailed = Metrics.counter("kafka-connector", "records-send-failed");

  RecordSender(SinkSpec spec, String clientId) {
    this.spec = spec;
    Map<String, Object> props = new HashMap<>(spec.clientProperties());
    props.putAll(SinkOptionsParser.ProducerSettings.forced());
    SinkOptionsParser.ProducerSettings.defaults().forEach(props::putIfAbsent);
    props.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "kafka-connector-writer");
    props.put(ProducerConfig.CLIENT_ID_CONFIG, props.get(ProducerConfig.CLIENT_ID_CONFIG) + "-" + clientId);
    if (spec.guarantee() == DeliveryGuarantee.AT_LEAST_ONCE) {
      props.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
    }
    this.producer = new KafkaProducer<>(props);
    this.partitions = new PartitionNumbers(this::partitionsFor);
    Object max = props.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
    this.maxRequestSize = max == null ? 1024 * 1024 : Integer.parseInt(String.valueOf(max).trim());
    this.callback =
        (metadata, exception) -> {
          if (exception != null) {
            failedSends.incrementAndGet();
            if (!failure.compareAndSet(null, exception)) {
              return;
            }
            firstFailedAt =
                metadata == null
                    ? "?"
                    : "topic '" + metadata.topic() + "' partition "
                        + (metadata.partition() < 0 ? "?" : String.valueOf(metadata.partition()));
            LOG.warn("Writing to {} failed: {}", metadata == null ? "?" : metadata.topic(), exception.toString());
          }
        };
  }

  /** The partition numbers of the topics this producer writes to, refreshed every minute. */
  PartitionNumbers partitions() {
    return partitions;
  }

  /**
   * Why {@code record} is larger than the producer accepts ({@code max.request.size}), or null
   * when it fits. Checked before sending so that the row can take the bad-row policy.
   */
  String tooLarge(EncodedRecord record) {
    return tooLarge(record, maxRequestSize);
  }

  /**
   * Bytes that a record batch of one record adds to its key, value and header bytes, at most:
   * the batch header (61 bytes) and the record's varints and attributes (under 40), plus up to 10
   * bytes of varints per header.
   */
  private static final int BATCH_OVERHEAD = 128;

  /** Why {@code record} is over {@code maxRequestSize} bytes as Kafka counts them, or null. */
  static String tooLarge(EncodedRecord record, int maxRequestSize) {
    long bytes = BATCH_OVERHEAD + record.size();
    if (record.headers() != null) {
      for (Map.Entry<String, byte[]> h : record.headers().entrySet()) {
        bytes += 10 + 3L * h.getKey().length() + (h.getValue() == null ? 0 : h.getValue().length);
      }
    }
    if (bytes <= maxRequestSize) {
      return null; // fits for sure: skip the exact count (a header array per record)
    }
    RecordHeaders headers = new RecordHeaders();
    if (record.headers() != null) {
      record.headers().forEach(headers::add);
    }
    int size =
        AbstractRecords.estimateSizeInBytesUpperBound(
            RecordBatch.CURRENT_MAGIC_VALUE, CompressionType.NONE, record.key(), record.value(),
            headers.toArray());
    return size > maxRequestSize
        ? "the record is " + size + " bytes, more than max.request.size = " + maxRequestSize
        : null;
  }

  /** Sends one record; failures are reported by {@link #flush()}. */
  void send(ProducerRecord<byte[], byte[]> record) {
    checkFailure();
    try {
      producer.send(record, callback);
    } catch (AuthenticationException e) {
      throw refused("write to topic '" + record.topic() + "'", e);
    }
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
   * Waits for every record sent so far (at-least-once; with {@code none} it only hands them to the
   * producer) and fails when one could not be written.
   *
   * @throws KafkaSinkException naming the failure, so the runner retries the bundle
   */
  void flush() {
    if (spec.guarantee() == DeliveryGuarantee.NONE) {
      Exception e = failure.getAndSet(null);
      if (e != null) {
        long failed = failedSends.getAndSet(0);
        // Called from the writer's bundle methods, where a Beam counter can be updated: the loss
        // is logged and counted, never silent.
        sendsFailed.inc(failed);
        LOG.warn("{} records could not be written (sink.delivery-guarantee none): {}",
            failed, e.toString());
      }
      return;
    }
    producer.flush();
    checkFailure();
  }

  private void checkFailure() {
    if (spec.guarantee() == DeliveryGuarantee.NONE) {
      return;
    }
    Exception e = failure.get();
    AuthenticationException refused = AuthenticationFailures.find(e);
    if (refused != null) {
      throw refused("write " + failedSends.get() + " record(s)", refused);
    }
    if (e != null) {
      throw new KafkaSinkException(
          failedSends.get() + " record(s) could not be written to Kafka ("
              + spec.clientProperties().get("bootstrap.servers") + "; the first to " + firstFailedAt
              + "): " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try {
      producer.close(Duration.ofSeconds(spec.guarantee() == DeliveryGuarantee.NONE ? 30 : 0));
    } catch (RuntimeException e) {
      LOG.warn("Closing the producer failed: {}", e.toString());
    }
  }
}
