package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

class FirstRefusalTest {
  private static MockProducer<byte[], byte[]> producer() {
    return new MockProducer<>(true, new ByteArraySerializer(), new ByteArraySerializer());
  }

  @Test
  void aFencedSendClosesTheWatchedProducerAtOnce() {
    FirstRefusal refusals = new FirstRefusal();
    MockProducer<byte[], byte[]> producer = producer();
    refusals.watch(producer);
    ProducerFencedException fence = new ProducerFencedException("newer epoch");
    // as the producer's thread reports the batches it aborted after the fatal error
    refusals.onCompletion(null, new KafkaException("aborted batch", fence));
    assertTrue(producer.closed(), "a transactional call waiting on the fenced producer returns");
    assertNotNull(refusals.fenced());
    assertTrue(ShardFailures.fenced(refusals.fenced()));
    assertNull(refusals.cause(), "a fence is no refused record");
    refusals.clear();
    assertNull(refusals.fenced());
  }

  @Test
  void otherFailuresNeitherCloseTheProducerNorCountAsAFence() {
    FirstRefusal refusals = new FirstRefusal();
    MockProducer<byte[], byte[]> producer = producer();
    refusals.watch(producer);
    TopicAuthorizationException denied = new TopicAuthorizationException("denied");
    refusals.onCompletion(null, denied);
    refusals.onCompletion(null, new KafkaException("later"));
    assertFalse(producer.closed());
    assertNull(refusals.fenced());
    assertSame(denied, refusals.cause(), "the first refusal is kept");
  }
}
