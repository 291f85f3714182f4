package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.NotRetriedException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * The writer's producer counts its sends in flight: a flush returns only when each record sent
 * called back, even when the producer's own flush returned before (as it does for the batches a
 * split of a refused batch creates), and a refused record is handed back or fails unretried.
 */
class RecordSenderTest {
  /** A producer whose flush returns at once, leaving the sends pending, like a split batch. */
  private static final class SplitProducer extends MockProducer<byte[], byte[]> {
    SplitProducer() {
      super(false, new ByteArraySerializer(), new ByteArraySerializer());
    }

    @Override
    public void flush() {}
  }

  private static SinkSpec spec(String deliveryTimeoutMs) {
    return new SinkSpec(
        "sink",
        Map.of("bootstrap.servers", "b:9092", "delivery.timeout.ms", deliveryTimeoutMs),
        "t",
        "default",
        DeliveryGuarantee.AT_LEAST_ONCE,
        null,
        false,
        0,
        Duration.ZERO,
        null);
  }

  private static RecordSender sender(SplitProducer producer, String deliveryTimeoutMs) {
    return new RecordSender(
        spec(deliveryTimeoutMs),
        producer,
        new TopicLimits(1 << 20, false, topic -> 10_000),
        Duration.ofMillis(200));
  }

  private static ProducerRecord<byte[], byte[]> record(String value) {
    return new ProducerRecord<>("t", 0, null, value.getBytes());
  }

  @Test
  void aFlushWaitsForTheCallbacksTheProducersFlushDidNotWaitFor() throws Exception {
    SplitProducer producer = new SplitProducer();
    RecordSender sender = sender(producer, "60000");
    sender.send(record("small-0"), "row-0");
    sender.send(record("small-1"), "row-1");
    sender.send(record("large"), "row-large");
    CompletableFuture<Void> broker =
        CompletableFuture.runAsync(
            () -> {
              sleep(300);
              producer.completeNext();
              producer.completeNext();
              producer.errorNext(
                  new RecordTooLargeException(
                      "The request included a message larger than the max message size"));
            });
    List<RecordSender.Refused> refused = sender.flush();
    // The refusal is the last callback: the flush returned after it.
    assertEquals(0, sender.inFlight());
    assertEquals(1, refused.size());
    assertEquals("row-large", refused.get(0).context());
    assertEquals("t", refused.get(0).topic());
    assertEquals(0, refused.get(0).partition());
    broker.get();
    sender.close();
  }

  @Test
  void aRefusalWithoutADeadLetterOutputFailsOnceMarkedNotRetried() {
    SplitProducer producer = new SplitProducer();
    RecordSender sender = sender(producer, "60000");
    sender.send(record("small-0"), null);
    sender.send(record("large"), null);
    producer.completeNext();
    producer.errorNext(new RecordTooLargeException("too large"));
    KafkaSinkException e = assertThrows(KafkaSinkException.class, sender::flush);
    assertTrue(NotRetriedException.isMarked(e), e.toString());
    assertTrue(
        e.getMessage().contains("topic 't' partition 0")
            && e.getMessage().contains("'max.message.bytes' = 10000")
            && e.getMessage().contains("withBadRecordErrorHandler"),
        e.getMessage());
    assertThrows(
        KafkaSinkException.class, () -> sender.send(record("next"), null), "no more sends");
    sender.close();
  }

  @Test
  void aFailureRetryingCanHealFailsTheBundleUnmarked() {
    SplitProducer producer = new SplitProducer();
    RecordSender sender = sender(producer, "60000");
    sender.send(record("small-0"), "row-0");
    producer.errorNext(new TimeoutException("Expiring 1 record(s)"));
    KafkaSinkException e = assertThrows(KafkaSinkException.class, sender::flush);
    assertFalse(NotRetriedException.isMarked(e), e.toString());
    assertTrue(e.getMessage().contains("could not be written"), e.getMessage());
    sender.close();
  }

  @Test
  void callbacksThatNeverComeFailTheFlushNamingTheOption() {
    SplitProducer producer = new SplitProducer();
    RecordSender sender = sender(producer, "100");
    sender.send(record("small-0"), null);
    KafkaSinkException e = assertThrows(KafkaSinkException.class, sender::flush);
    assertTrue(e.getMessage().contains("'properties.delivery.timeout.ms' = 100"), e.getMessage());
    sender.close();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
