package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.enumerate.KafkaMetadataClient;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicCollection;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.UnknownTopicIdException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@link TopicLookup} through one admin client per source and JVM (opened on first use, closed with
 * the source's resources). Answers are kept for a second, so that the partitions of one topic
 * checking at the same time cause one request.
 */
final class AdminTopicLookup implements TopicLookup {
  private static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final long ANSWER_TTL_NANOS = TimeUnit.SECONDS.toNanos(1);

  private record Answer(Object value, long atNanos) {}

  private final SourceSpec spec;
  private final Map<String, Answer> answers = new ConcurrentHashMap<>();
  private @Nullable Admin admin;
  private boolean closed;

  AdminTopicLookup(SourceSpec spec) {
    this.spec = spec;
  }

  @Override
  public Optional<String> idOf(String topic) {
    @SuppressWarnings("unchecked")
    Optional<String> id =
        (Optional<String>)
            cached(
                "name:" + topic,
                () -> {
                  try {
                    TopicDescription d =
                        await(admin().describeTopics(List.of(topic)).topicNameValues().get(topic));
                    return Optional.of(d.topicId().toString());
                  } catch (UnknownTopicOrPartitionException e) {
                    return Optional.empty();
                  }
                });
    return id;
  }

  @Override
  public boolean exists(String topicId) {
    return (Boolean)
        cached(
            "id:" + topicId,
            () -> {
              Uuid id = Uuid.fromString(topicId);
              try {
                await(
                    admin()
                        .describeTopics(TopicCollection.ofTopicIds(List.of(id)))
                        .topicIdValues()
                        .get(id));
                return true;
              } catch (UnknownTopicIdException | UnknownTopicOrPartitionException e) {
                return false;
              }
            });
  }

  private Object cached(String key, java.util.function.Supplier<Object> ask) {
    Answer a = answers.get(key);
    long now = System.nanoTime();
    if (a != null && now - a.atNanos() < ANSWER_TTL_NANOS) {
      return a.value();
    }
    Object value = ask.get();
    answers.put(key, new Answer(value, now));
    if (answers.size() > 10_000) {
      answers.clear(); // bounded: a long pattern job must not grow this without limit
    }
    return value;
  }

  private synchronized Admin admin() {
    if (closed) {
      throw new IllegalStateException(
          "the topic look-ups of " + spec.subscription() + " are closed");
    }
    if (admin == null) {
      admin =
          Admin.create(
              KafkaMetadataClient.adminProperties(
                  spec, TIMEOUT, "kafka-connector-admin-" + spec.sourceId() + "-readers"));
    }
    return admin;
  }

  /** The future's value; a Kafka error is thrown as it is (unwrapped), anything else wrapped. */
  private static <T> T await(org.apache.kafka.common.KafkaFuture<T> future) {
    try {
      return future.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("no answer within " + TIMEOUT.toMillis() + " ms", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  synchronized void close() {
    closed = true;
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
      admin = null;
    }
  }
}
