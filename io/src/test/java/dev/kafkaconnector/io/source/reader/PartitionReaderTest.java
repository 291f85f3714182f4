package dev.kafkaconnector.io.source.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetOutOfRangeException;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * The reader's existence decisions with an injected consumer and topic look-up: only a confirmed
 * deletion (the topic id gone, asked through the admin client) ends a read; a consumer that does
 * not list the partition, however often, and a look-up without a clear answer do not.
 */
class PartitionReaderTest {
  private static final TopicPartition TP = new TopicPartition("orders", 0);
  private static final String ID = "AAAAAAAAAAAAAAAAAAAAAQ";

  /** Answers queued per call; an exception queued is thrown. */
  private static final class FakeLookup implements TopicLookup {
    final Deque<Object> existsAnswers = new ArrayDeque<>();
    final Deque<Object> idAnswers = new ArrayDeque<>();
    int existsCalls;
    int idCalls;

    @Override
    public Optional<String> idOf(String topic) {
      idCalls++;
      Object a = idAnswers.isEmpty() ? Optional.of(ID) : idAnswers.poll();
      if (a instanceof RuntimeException e) {
        throw e;
      }
      @SuppressWarnings("unchecked")
      Optional<String> id = (Optional<String>) a;
      return id;
    }

    @Override
    public boolean exists(String topicId) {
      existsCalls++;
      Object a = existsAnswers.isEmpty() ? Boolean.TRUE : existsAnswers.poll();
      if (a instanceof RuntimeException e) {
        throw e;
      }
      return (Boolean) a;
    }
  }

  private static MockConsumer<byte[], byte[]> consumer(boolean listsThePartition) {
    MockConsumer<byte[], byte[]> consumer = new MockConsumer<>(OffsetResetStrategy.NONE);
    consumer.updatePartitions(
        TP.topic(),
        listsThePartition
            ? List.of(new PartitionInfo(TP.topic(), 0, Node.noNode(), new Node[0], new Node[0]))
            : List.of());
    consumer.updateBeginningOffsets(Map.of(TP, 0L));
    consumer.updateEndOffsets(Map.of(TP, 10L));
    return consumer;
  }

  private static PartitionReader reader(
      MockConsumer<byte[], byte[]> consumer, String topicId, TopicLookup lookup, long start) {
    return new PartitionReader(TP, topicId, consumer, lookup, "read_committed", start);
  }

  @Test
  void missingAnswersOfTheConsumerDoNotEndTheReadWhileTheTopicIdExists() {
    FakeLookup lookup = new FakeLookup();
    PartitionReader reader = reader(consumer(false), ID, lookup, 0);
    for (int i = 0; i < 10; i++) {
      assertTrue(reader.stillExists(Duration.ZERO), "answer " + i);
    }
    assertFalse(reader.gone());
    assertEquals(10, lookup.existsCalls, "each missing answer is checked by topic id");
  }

  @Test
  void aLookupWithoutAClearAnswerDoesNotEndTheRead() {
    FakeLookup lookup = new FakeLookup();
    for (int i = 0; i < 5; i++) {
      lookup.existsAnswers.add(new org.apache.kafka.common.errors.TimeoutException("no answer"));
    }
    PartitionReader reader = reader(consumer(false), ID, lookup, 0);
    for (int i = 0; i < 5; i++) {
      assertTrue(reader.stillExists(Duration.ZERO));
    }
    assertFalse(reader.gone());
  }

  @Test
  void aConfirmedDeletionEndsTheRead() {
    FakeLookup lookup = new FakeLookup();
    lookup.existsAnswers.add(true);
    lookup.existsAnswers.add(false);
    PartitionReader reader = reader(consumer(false), ID, lookup, 0);
    assertTrue(reader.stillExists(Duration.ZERO));
    assertFalse(reader.stillExists(Duration.ZERO));
    assertTrue(reader.gone());
    assertFalse(reader.stillExists(Duration.ZERO), "gone stays gone");
  }

  @Test
  void withoutAnIdTheReaderLearnsItAtItsFirstCheckAndThenChecksThatId() {
    FakeLookup lookup = new FakeLookup();
    lookup.existsAnswers.add(false);
    PartitionReader reader = reader(consumer(true), null, lookup, 0);
    assertTrue(reader.stillExists(Duration.ZERO), "the first check learns the id");
    assertEquals(1, lookup.idCalls);
    PartitionReader missing = reader(consumer(false), null, lookup, 0);
    lookup.idAnswers.add(Optional.of(ID));
    assertTrue(missing.stillExists(Duration.ZERO));
    assertFalse(missing.stillExists(Duration.ZERO), "the learned id is gone");
  }

  @Test
  void aListedPartitionIsNotAskedAboutEveryTime() {
    FakeLookup lookup = new FakeLookup();
    PartitionReader reader = reader(consumer(true), ID, lookup, 0);
    for (int i = 0; i < 5; i++) {
      assertTrue(reader.stillExists(Duration.ZERO));
    }
    assertEquals(0, lookup.existsCalls, "listed: the id is checked every ID_CHECK_INTERVAL only");
  }

  @Test
  void anOutOfRangePositionOfTheSameTopicContinuesAtTheEarliestOffset() {
    FakeLookup lookup = new FakeLookup();
    MockConsumer<byte[], byte[]> consumer = consumer(true);
    consumer.updateBeginningOffsets(Map.of(TP, 5L));
    PartitionReader reader = reader(consumer, ID, lookup, 2);
    consumer.setPollException(new OffsetOutOfRangeException(Map.of(TP, 2L)));
    assertTrue(reader.pending(Duration.ZERO).isEmpty());
    assertEquals(5, consumer.position(TP), "reset to the earliest offset");
    assertEquals(1, lookup.existsCalls, "the topic id was checked before the reset");
    assertFalse(reader.gone());
  }

  @Test
  void anOutOfRangePositionOfAReCreatedTopicEndsTheRead() {
    FakeLookup lookup = new FakeLookup();
    lookup.existsAnswers.add(false);
    MockConsumer<byte[], byte[]> consumer = consumer(true);
    consumer.updateEndOffsets(Map.of(TP, 2L));
    PartitionReader reader = reader(consumer, ID, lookup, 7);
    consumer.setPollException(new OffsetOutOfRangeException(Map.of(TP, 7L)));
    assertTrue(reader.pending(Duration.ZERO).isEmpty());
    assertTrue(reader.gone(), "the old incarnation's read ends instead of jumping to offset 2");
    assertFalse(reader.stillExists(Duration.ZERO));
  }

  @Test
  void aReaderIsBehindOnlyWhileItsLastFetchSawRecordsPastItsPosition() {
    MockConsumer<byte[], byte[]> consumer = consumer(true);
    consumer.updateEndOffsets(Map.of(TP, 10L));
    PartitionReader reader = reader(consumer, ID, new FakeLookup(), 0);
    assertFalse(reader.behind(), "nothing fetched yet: the end is not known");
    for (long offset = 0; offset < 3; offset++) {
      consumer.addRecord(new ConsumerRecord<>(TP.topic(), 0, offset, null, new byte[1]));
    }
    assertEquals(3, reader.pending(Duration.ZERO).size());
    for (int i = 0; i < 3; i++) {
      reader.advance();
    }
    assertTrue(reader.behind(), "offsets 3 to 9 exist: a poll may wait for them");
    consumer.updateEndOffsets(Map.of(TP, 3L));
    assertTrue(reader.pending(Duration.ZERO).isEmpty());
    assertFalse(reader.behind(), "caught up with what the last fetch saw: no poll waits");
  }
}
