package dev.kafkaconnector.runners.write;

import static dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.counter;
import static dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.messages;
import static dev.kafkaconnector.runners.write.AbstractRefusedRecordITCase.attempts;
import static dev.kafkaconnector.runners.write.AbstractRefusedRecordITCase.input;
import static dev.kafkaconnector.runners.write.AbstractRefusedRecordITCase.readCommitted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import dev.kafkaconnector.runners.kafka.SecuredListeners;
import dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.DeadLetters;
import dev.kafkaconnector.runners.write.AbstractBadRowWriteITCase.Entry;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A record the broker refuses for topic authorization ({@code TOPIC_AUTHORIZATION_FAILED}), from a
 * real authorizer: one KRaft broker with {@code StandardAuthorizer} and {@code
 * allow.everyone.if.no.acl.found=true}, whose own principal (PLAINTEXT: {@code User:ANONYMOUS}) is
 * the super user. The job writes as the SCRAM user {@code writer} over SASL_PLAINTEXT, which a DENY
 * WRITE ACL keeps from one topic (refused at the metadata request, as the ACL also takes DESCRIBE
 * away; with an ALLOW DESCRIBE ACL added, at the produce request). Four rows in one bundle with
 * per-row topics (the {@code topic} metadata column): {@code allowed-0}, {@code allowed-1}, {@code
 * denied-0} to the denied topic, {@code allowed-2}. At least once with a dead-letter output, the
 * allowed rows are in their topic and the denied row is a dead letter whose reason names the topic
 * and the authorization; without one the job fails once, marked as not retried. Exactly once, the
 * transaction is aborted and the job fails once even with a dead-letter output. No message holds
 * the password.
 */
abstract class AbstractAuthorizationRefusalITCase {
  private static final String USER = "writer";
  private static final String PASSWORD = "canary-authz-" + UUID.randomUUID();
  private static final Schema SCHEMA =
      Schema.builder().addStringField("line").addStringField("topic").build();
  private static final AtomicInteger TOPICS = new AtomicInteger();
  private static EmbeddedKafkaCluster kafka;

  /** Options of a finite at-least-once job whose run() blocks (restarts allowed on Flink). */
  protected abstract PipelineOptions atLeastOnceOptions();

  /** Options of a finite exactly-once job whose run() blocks (restarts allowed on Flink). */
  protected abstract PipelineOptions exactlyOnceOptions();

  @BeforeAll
  static void startBroker() {
    kafka =
        EmbeddedKafkaCluster.inJvm()
            .withSaslUser(USER, PASSWORD)
            .brokerProperty(
                "authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")
            .brokerProperty("allow.everyone.if.no.acl.found", "true")
            .brokerProperty("super.users", "User:ANONYMOUS")
            .start();
  }

  @AfterAll
  static void stopBroker() {
    if (kafka != null) {
      kafka.close();
    }
  }

  /**
   * @param describable whether an ALLOW DESCRIBE ACL lets the user see the denied topic: then the
   *     producer request is refused, else already the metadata request
   */
  @ParameterizedTest(name = "describable={0}")
  @ValueSource(booleans = {false, true})
  void atLeastOnceSendsTheDeniedRowToTheDeadLetterOutputAndWritesTheOthers(boolean describable) {
    Topics t = topics(describable);
    String run = UUID.randomUUID().toString();
    Pipeline pipeline = Pipeline.create(atLeastOnceOptions());
    DeadLetters dead = new DeadLetters();
    try (BadRecordErrorHandler<?> handler = pipeline.registerBadRecordErrorHandler(dead)) {
      input(pipeline, run, SCHEMA, rows(t))
          .apply(write(Map.of()).withBadRecordErrorHandler(handler));
    }
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish());

    assertEquals(
        Set.of("allowed-0", "allowed-1", "allowed-2"),
        readCommitted(kafka.bootstrapServers(), t.allowed(), 3),
        "every allowed row, once");
    assertEquals(0, endOffset(t.denied()), "nothing reached the denied topic");
    List<Entry> letters = DeadLetters.letters(dead.id);
    assertEquals(1, letters.size(), "the denied row only: " + letters);
    assertNamesTheDenial(letters.get(0).reason(), t);
    Row row = decode(letters.get(0).encoded());
    assertEquals("denied-0", row.getString("line"));
    assertEquals(1, counter(result, "records-to-dead-letter"));
    assertEquals(1, attempts(run), "job attempts");
  }

  @Test
  void atLeastOnceWithoutAHandlerFailsOnceNamingTheTopic() {
    failsOnce(atLeastOnceOptions(), Map.of(), false, false);
  }

  @ParameterizedTest(name = "describable={0}")
  @ValueSource(booleans = {false, true})
  void exactlyOnceAbortsTheTransactionAndFailsOnceEvenWithAHandler(boolean describable) {
    failsOnce(
        exactlyOnceOptions(),
        Map.of(
            "sink.delivery-guarantee",
            "exactly-once",
            "sink.transactional-id-prefix",
            "authz-" + System.nanoTime()),
        true,
        describable);
  }

  private void failsOnce(
      PipelineOptions options,
      Map<String, String> guarantee,
      boolean handler,
      boolean describable) {
    Topics t = topics(describable);
    String run = UUID.randomUUID().toString();
    Pipeline pipeline = Pipeline.create(options);
    DeadLetters dead = new DeadLetters();
    if (handler) {
      try (BadRecordErrorHandler<?> h = pipeline.registerBadRecordErrorHandler(dead)) {
        input(pipeline, run, SCHEMA, rows(t)).apply(write(guarantee).withBadRecordErrorHandler(h));
      }
    } else {
      input(pipeline, run, SCHEMA, rows(t)).apply(write(guarantee));
    }
    Exception e = assertThrows(Exception.class, () -> pipeline.run().waitUntilFinish());
    String all = messages(e);
    System.out.println("The job failed with: " + all);
    assertNamesTheDenial(all, t);
    assertTrue(all.contains("NotRetriedException"), "marked as not retried:\n" + all);
    assertEquals(1, attempts(run), "job attempts (no restart on a refused record)");
    assertEquals(List.of(), DeadLetters.letters(dead.id));
    // Nothing twice, nothing in the denied topic; what is in the allowed one is allowed rows only.
    assertTrue(
        Set.of("allowed-0", "allowed-1", "allowed-2")
            .containsAll(readCommitted(kafka.bootstrapServers(), t.allowed(), 0)));
    assertEquals(0, endOffset(t.denied()), "nothing reached the denied topic");
  }

  /** {@code text} names the denied topic (never the allowed one), the refusal and the ACL. */
  private static void assertNamesTheDenial(String text, Topics t) {
    assertTrue(
        text.contains("topic '" + t.denied() + "'")
            && !text.contains("topic '" + t.allowed() + "'")
            && text.contains("TopicAuthorizationException")
            && text.contains("WRITE"),
        text);
    assertFalse(text.contains(PASSWORD), "the password is in the message");
  }

  private record Topics(String allowed, String denied) {}

  /**
   * Two new topics; the job's user may not write to the second (a DENY WRITE ACL). As there is an
   * ACL on it, the user may not describe it either unless {@code describable} (ALLOW DESCRIBE).
   */
  private static Topics topics(boolean describable) {
    int n = TOPICS.incrementAndGet();
    Topics t =
        new Topics(
            "authz-allowed-" + n + "-" + System.nanoTime(),
            "authz-denied-" + n + "-" + System.nanoTime());
    kafka.createTopic(t.allowed(), 1);
    kafka.createTopic(t.denied(), 1);
    List<AclBinding> acls = new ArrayList<>();
    acls.add(acl(t.denied(), AclOperation.WRITE, AclPermissionType.DENY));
    if (describable) {
      acls.add(acl(t.denied(), AclOperation.DESCRIBE, AclPermissionType.ALLOW));
    }
    try (Admin admin = Admin.create(kafka.adminProperties())) {
      admin.createAcls(acls).all().get(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("Could not create the ACLs " + acls, e);
    }
    return t;
  }

  /** The end offset of the topic's partition 0 (transaction markers included): exact at once. */
  private static long endOffset(String topic) {
    TopicPartition partition = new TopicPartition(topic, 0);
    try (Admin admin = Admin.create(kafka.adminProperties())) {
      return admin
          .listOffsets(Map.of(partition, OffsetSpec.latest()))
          .partitionResult(partition)
          .get(30, TimeUnit.SECONDS)
          .offset();
    } catch (Exception e) {
      throw new AssertionError("Could not read the end offset of " + partition, e);
    }
  }

  private static AclBinding acl(String topic, AclOperation operation, AclPermissionType type) {
    return new AclBinding(
        new ResourcePattern(ResourceType.TOPIC, topic, PatternType.LITERAL),
        new AccessControlEntry("User:" + USER, "*", operation, type));
  }

  private static List<Row> rows(Topics t) {
    List<Row> rows = new ArrayList<>();
    rows.add(Row.withSchema(SCHEMA).addValues("allowed-0", t.allowed()).build());
    rows.add(Row.withSchema(SCHEMA).addValues("allowed-1", t.allowed()).build());
    rows.add(Row.withSchema(SCHEMA).addValues("denied-0", t.denied()).build());
    rows.add(Row.withSchema(SCHEMA).addValues("allowed-2", t.allowed()).build());
    return rows;
  }

  /** The sink as the SCRAM user, with per-row topics (the {@code topic} metadata column). */
  private static KafkaConnectorWrite write(Map<String, String> guarantee) {
    Map<String, String> options = new LinkedHashMap<>(guarantee);
    kafka
        .security()
        .clientProperties(SecuredListeners.SASL_PLAINTEXT, "SCRAM-SHA-256", USER, PASSWORD)
        .forEach((k, v) -> options.put("properties." + k, v));
    options.put("format", "raw");
    options.put("metadata.list", "topic");
    return KafkaConnectorIO.write().withOptions(options);
  }

  private static Row decode(byte[] encoded) {
    try {
      return RowCoder.of(SCHEMA).decode(new ByteArrayInputStream(encoded));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }
}
