package dev.kafkaconnector.io.source.enumerate;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import dev.kafkaconnector.io.source.spec.ConsumerSettings;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import dev.kafkaconnector.io.source.spec.TopicSubscription;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Cluster look-ups of a source (which partitions exist, the group's state) and the consumer used to
 * resolve offsets. Every call is bounded by {@code properties.default.api.timeout.ms} (60 s unless
 * set); failures name the bootstrap servers and the topic.
 */
public final class KafkaMetadataClient implements AutoCloseable {
  private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  private final SourceSpec spec;
  private final Duration timeout;
  private @Nullable Admin admin;
  private @Nullable KafkaConsumer<byte[], byte[]> consumer;

  public KafkaMetadataClient(SourceSpec spec) {
    this.spec = spec;
    String t = spec.clientProperties().get(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
    this.timeout = t == null ? DEFAULT_TIMEOUT : Duration.ofMillis(Long.parseLong(t.trim()));
  }

  /** The timeout applied to each call. */
  public Duration timeout() {
    return timeout;
  }

  /**
   * What one listing found.
   *
   * @param ids the topic id (Kafka {@code Uuid} text) of each subscribed topic that exists
   * @param partitions the partitions of those topics
   * @param absent topics asked about that the cluster says do not exist
   */
  public record Topics(
      Map<String, String> ids, Set<TopicPartition> partitions, Set<String> absent) {}

  /**
   * The partitions of the subscribed topics that exist now.
   *
   * @throws KafkaSourceException when a named topic does not exist or the cluster is unreachable
   */
  public Set<TopicPartition> discoverPartitions() {
    return describe(Set.of(), true).partitions();
  }

  /**
   * The subscribed topics that exist now, with their ids and partitions.
   *
   * @param alsoAsk topics to describe besides the subscription's (those an earlier listing knew),
   *     so that a topic missing from a pattern's listing is only taken as gone when the cluster
   *     says so for that topic ({@link Topics#absent})
   * @param missingIsError whether a named topic ({@code topic}) that does not exist fails the call
   *     (the first listing) rather than being reported absent (later listings: the topic may be
   *     re-created)
   * @throws KafkaSourceException when the cluster cannot be asked
   */
  public Topics describe(Collection<String> alsoAsk, boolean missingIsError) {
    TopicSubscription subscription = spec.subscription();
    Set<String> topics = new HashSet<>(alsoAsk);
    if (subscription.topics() != null) {
      topics.addAll(subscription.topics());
    } else {
      Set<String> names = await(admin().listTopics().names(), "list topics");
      names.stream().filter(subscription::matches).forEach(topics::add);
    }
    Map<String, String> ids = new HashMap<>();
    Set<TopicPartition> out = new HashSet<>();
    Set<String> absent = new HashSet<>();
    if (topics.isEmpty()) {
      return new Topics(ids, out, absent);
    }
    Map<String, KafkaFuture<TopicDescription>> futures =
        admin().describeTopics(topics).topicNameValues();
    for (Map.Entry<String, KafkaFuture<TopicDescription>> e : futures.entrySet()) {
      TopicDescription description;
      try {
        description = await(e.getValue(), "describe topic '" + e.getKey() + "'");
      } catch (KafkaSourceException ex) {
        if (ex.getCause() instanceof UnknownTopicOrPartitionException) {
          if (missingIsError) {
            throw new KafkaSourceException(
                "Topic '"
                    + e.getKey()
                    + "' (option 'topic') does not exist on the cluster at"
                    + " properties.bootstrap.servers="
                    + spec.bootstrapServers(),
                ex.getCause());
          }
          absent.add(e.getKey());
          continue;
        }
        throw ex;
      }
      ids.put(e.getKey(), description.topicId().toString());
      description.partitions().forEach(p -> out.add(new TopicPartition(e.getKey(), p.partition())));
    }
    return new Topics(ids, out, absent);
  }

  /** Fails when {@code properties.group.id} has active members (scan.check.duplicated.group.id). */
  public void checkNoActiveMembers(String groupId) {
    Map<String, KafkaFuture<ConsumerGroupDescription>> described =
        admin().describeConsumerGroups(List.of(groupId)).describedGroups();
    ConsumerGroupDescription description;
    try {
      description = await(described.get(groupId), "describe consumer group '" + groupId + "'");
    } catch (KafkaSourceException e) {
      if (e.getCause() instanceof GroupIdNotFoundException) {
        return;
      }
      throw e;
    }
    if (!description.members().isEmpty()) {
      throw new KafkaSourceException(
          "Consumer group '"
              + groupId
              + "' (option 'properties.group.id') already has "
              + description.members().size()
              + " active member(s) (state "
              + description.state()
              + "), and scan.check.duplicated.group.id is true. Stop the other consumers or use"
              + " another group id.");
    }
  }

  /** A consumer for offset look-ups (committed, beginning, end, by time); closed with this. */
  public KafkaConsumer<byte[], byte[]> consumer() {
    if (consumer == null) {
      Map<String, Object> props = ConsumerSettings.groupClient(spec, "offsets");
      props.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
      consumer = new KafkaConsumer<>(props);
    }
    return consumer;
  }

  private Admin admin() {
    if (admin == null) {
      admin =
          Admin.create(adminProperties(spec, timeout, "kafka-connector-admin-" + spec.sourceId()));
    }
    return admin;
  }

  /**
   * Admin client properties of a source: the admin keys among {@code properties.*}, with calls
   * bounded by {@code timeout}.
   *
   * @param clientId the client id, unless {@code properties.client.id} is set
   */
  public static Map<String, Object> adminProperties(
      SourceSpec spec, Duration timeout, String clientId) {
    Map<String, Object> props = new HashMap<>();
    for (String key : AdminClientConfig.configNames()) {
      String value = spec.clientProperties().get(key);
      if (value != null) {
        props.put(key, value);
      }
    }
    props.putIfAbsent(AdminClientConfig.CLIENT_ID_CONFIG, clientId);
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) timeout.toMillis());
    props.putIfAbsent(
        AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.min(30_000, timeout.toMillis()));
    return props;
  }

  private <T> T await(KafkaFuture<T> future, String what) {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new KafkaSourceException(
          "Could not "
              + what
              + ": no answer from the Kafka cluster at properties.bootstrap.servers="
              + spec.bootstrapServers()
              + " within "
              + timeout.toMillis()
              + " ms (properties.default.api.timeout.ms). Is the address right and the broker"
              + " reachable?",
          e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      AuthenticationException refused = AuthenticationFailures.find(cause);
      if (refused != null) {
        throw new KafkaSourceException(
            AuthenticationFailures.describe(what, refused, spec.clientProperties()),
            AuthenticationFailures.notRetried());
      }
      throw new KafkaSourceException(
          "Could not "
              + what
              + " on the cluster at properties.bootstrap.servers="
              + spec.bootstrapServers()
              + ": "
              + cause,
          cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaSourceException("Interrupted while trying to " + what, e);
    }
  }

  @Override
  public void close() {
    if (consumer != null) {
      consumer.close(Duration.ofSeconds(5));
      consumer = null;
    }
    if (admin != null) {
      admin.close(Duration.ofSeconds(5));
      admin = null;
    }
  }
}
