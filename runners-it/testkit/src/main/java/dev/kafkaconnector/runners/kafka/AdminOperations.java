package dev.kafkaconnector.runners.kafka;

import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;

/**
 * Topic operations and readiness checks over an {@link Admin} client, each of which waits until its
 * effect is visible in the cluster's metadata (polling with a deadline).
 */
final class AdminOperations {

  /** The consumer group whose offsets the readiness check fetches (it never has members). */
  private static final String READINESS_GROUP = "__embedded-kafka-readiness";

  /** Cap on the time one admin call of a poll loop may take, so a loop re-checks often. */
  private static final long CALL_CAP_MILLIS = 5_000;

  private final Admin admin;
  private final Duration timeout;

  AdminOperations(Admin admin, Duration timeout) {
    this.admin = admin;
    this.timeout = timeout;
  }

  void createTopic(String name, int partitions, Map<String, String> config) {
    NewTopic topic =
        new NewTopic(name, Optional.of(partitions), Optional.empty()).configs(Map.copyOf(config));
    get(admin.createTopics(List.of(topic)).all(), "create topic " + name);
    awaitTopic(name, partitions, Deadline.after(timeout));
  }

  void addPartitions(String topic, int totalPartitions) {
    get(
        admin.createPartitions(Map.of(topic, NewPartitions.increaseTo(totalPartitions))).all(),
        "increase the partitions of " + topic + " to " + totalPartitions);
    awaitTopic(topic, totalPartitions, Deadline.after(timeout));
  }

  void deleteTopic(String topic) {
    get(admin.deleteTopics(List.of(topic)).all(), "delete topic " + topic);
    Deadline deadline = Deadline.after(timeout);
    String last = "";
    while (!deadline.isExpired()) {
      try {
        Set<String> names =
            admin
                .listTopics(
                    new ListTopicsOptions().timeoutMs(deadline.callTimeoutMillis(CALL_CAP_MILLIS)))
                .names()
                .get();
        if (!names.contains(topic)) {
          return;
        }
        last = "still listed";
      } catch (ExecutionException e) {
        last = String.valueOf(e.getCause());
      } catch (InterruptedException e) {
        throw interrupted(e);
      }
      deadline.pauseBeforeNextPoll();
    }
    throw new EmbeddedKafkaException(
        "Topic " + topic + " still exists " + timeout + " after its deletion: " + last);
  }

  /** Waits until {@code topic} has {@code partitions} partitions, each with a leader. */
  void awaitTopic(String topic, int partitions, Deadline deadline) {
    String last = "";
    while (!deadline.isExpired()) {
      try {
        TopicDescription description = describe(List.of(topic), deadline).get(topic);
        if (description.partitions().size() == partitions
            && allHaveLeaders(description)
            && leadersServe(topic, description, deadline)) {
          return;
        }
        last = description.partitions().size() + " partitions: " + description.partitions();
      } catch (ExecutionException e) {
        last = String.valueOf(e.getCause());
      } catch (InterruptedException e) {
        throw interrupted(e);
      }
      deadline.pauseBeforeNextPoll();
    }
    throw new EmbeddedKafkaException(
        "Topic "
            + topic
            + " did not get "
            + partitions
            + " partitions with leaders in time; last "
            + "seen: "
            + last);
  }

  /**
   * Whether every partition's leader serves it: metadata can list a leader before the broker has
   * made its replica the leader, and then a producer's first batch is refused with
   * NOT_LEADER_OR_FOLLOWER and retried; with several batches in flight, a later one can be appended
   * first and the first is then refused for ever as out of sequence (seen: a benchmark's plain
   * producer lost 312 of 200,000 records on a topic created a moment before). A ListOffsets request
   * is answered only by the serving leader.
   */
  private boolean leadersServe(String topic, TopicDescription description, Deadline deadline)
      throws InterruptedException {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    for (TopicPartitionInfo p : description.partitions()) {
      latest.put(new TopicPartition(topic, p.partition()), OffsetSpec.latest());
    }
    try {
      admin
          .listOffsets(
              latest,
              new ListOffsetsOptions().timeoutMs(deadline.callTimeoutMillis(CALL_CAP_MILLIS)))
          .all()
          .get();
      return true;
    } catch (ExecutionException e) {
      return false;
    }
  }

  /** Creates the SCRAM users of a secured broker (see {@link BrokerSecurity#createScramUsers}). */
  void createScramUsers(BrokerSecurity security, String saslBootstrap, Deadline deadline) {
    security.createScramUsers(admin, saslBootstrap, deadline);
  }

  /**
   * Polls until the cluster is usable: {@code DescribeCluster} lists every node of {@code
   * liveNodes} (registered and unfenced), the group coordinator serves offset fetches (which
   * creates and loads {@code __consumer_offsets}), every partition of every topic has a leader, and
   * every replica on a node of {@code liveNodes} is in its partition's in-sync replicas (so a node
   * started again has caught up before the next fault).
   *
   * @param brokerProblem gives a description of why the broker cannot become ready (it died), or
   *     null while it still may
   * @param liveNodes the ids of the nodes that run
   * @return null when ready, otherwise the last reason it was not
   */
  String awaitBrokerReady(
      Deadline deadline, Supplier<String> brokerProblem, Set<Integer> liveNodes) {
    String last = "not checked yet";
    while (!deadline.isExpired()) {
      String problem = brokerProblem.get();
      if (problem != null) {
        return problem;
      }
      try {
        last = checkReady(deadline, liveNodes);
        if (last == null) {
          return null;
        }
      } catch (ExecutionException e) {
        last = String.valueOf(e.getCause());
      } catch (InterruptedException e) {
        throw interrupted(e);
      }
      deadline.pauseBeforeNextPoll();
    }
    return "not ready after the deadline; last check: " + last;
  }

  private String checkReady(Deadline deadline, Set<Integer> liveNodes)
      throws ExecutionException, InterruptedException {
    Collection<Node> nodes =
        admin
            .describeCluster(
                new DescribeClusterOptions().timeoutMs(deadline.callTimeoutMillis(CALL_CAP_MILLIS)))
            .nodes()
            .get();
    Set<Integer> registered = new TreeSet<>();
    nodes.forEach(node -> registered.add(node.id()));
    if (nodes.isEmpty() || !registered.containsAll(liveNodes)) {
      return "describeCluster lists brokers " + registered + ", waiting for " + liveNodes;
    }
    admin
        .listConsumerGroupOffsets(
            READINESS_GROUP,
            new ListConsumerGroupOffsetsOptions()
                .timeoutMs(deadline.callTimeoutMillis(CALL_CAP_MILLIS)))
        .partitionsToOffsetAndMetadata()
        .get();
    Set<String> topics =
        admin
            .listTopics(
                new ListTopicsOptions()
                    .listInternal(true)
                    .timeoutMs(deadline.callTimeoutMillis(CALL_CAP_MILLIS)))
            .names()
            .get();
    for (TopicDescription description : describe(topics, deadline).values()) {
      if (!allHaveLeaders(description)) {
        return "topic "
            + description.name()
            + " has partitions without leader: "
            + description.partitions();
      }
      for (TopicPartitionInfo partition : description.partitions()) {
        for (Node replica : partition.replicas()) {
          if (liveNodes.contains(replica.id())
              && partition.isr().stream().noneMatch(n -> n.id() == replica.id())) {
            return "broker "
                + replica.id()
                + " not yet in the in-sync replicas of "
                + description.name()
                + "-"
                + partition.partition()
                + ": "
                + partition;
          }
        }
      }
    }
    return null;
  }

  private Map<String, TopicDescription> describe(Collection<String> topics, Deadline deadline)
      throws ExecutionException, InterruptedException {
    return admin
        .describeTopics(
            topics,
            new DescribeTopicsOptions().timeoutMs(deadline.callTimeoutMillis(CALL_CAP_MILLIS)))
        .allTopicNames()
        .get();
  }

  private static boolean allHaveLeaders(TopicDescription description) {
    for (TopicPartitionInfo partition : description.partitions()) {
      if (partition.leader() == null || partition.leader().isEmpty()) {
        return false;
      }
    }
    return true;
  }

  private <T> T get(KafkaFuture<T> future, String what) {
    try {
      return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new EmbeddedKafkaException(
          "Cannot " + what + ": " + e.getCause().getMessage(), e.getCause());
    } catch (TimeoutException e) {
      throw new EmbeddedKafkaException("Cannot " + what + " within " + timeout, e);
    } catch (InterruptedException e) {
      throw interrupted(e);
    }
  }

  private static EmbeddedKafkaException interrupted(InterruptedException e) {
    Thread.currentThread().interrupt();
    return new EmbeddedKafkaException("Interrupted while waiting for Kafka", e);
  }
}
