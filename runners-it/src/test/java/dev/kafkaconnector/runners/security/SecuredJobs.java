package dev.kafkaconnector.runners.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.runners.PipelineRunners;
import dev.kafkaconnector.runners.read.CollectingSink;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.Row;

/**
 * The jobs and checks the secured-broker tests share: a write-then-read round trip, a job that must
 * fail within {@link #FAILURE_BOUND}, and the check that a failure names the mechanism (or SSL) and
 * {@code properties.bootstrap.servers} while no message holds one of the secrets.
 */
final class SecuredJobs {
  static final Duration FAILURE_BOUND = Duration.ofSeconds(30);
  static final Schema SCHEMA = Schema.builder().addInt64Field("id").addStringField("name").build();

  private final List<String> secrets;

  /**
   * @param secrets the values no message, {@code toString()} or failure may hold
   */
  SecuredJobs(List<String> secrets) {
    this.secrets = List.copyOf(secrets);
  }

  static Row row(long id) {
    return Row.withSchema(SCHEMA).addValues(id, "n" + id).build();
  }

  KafkaConnectorWrite write(String topic, Map<String, String> security) {
    Map<String, String> options = new LinkedHashMap<>(security);
    options.put("topic", topic);
    options.put("format", "json");
    KafkaConnectorWrite write = KafkaConnectorIO.write().withOptions(options);
    assertNoSecret(write.toString(), "write toString()");
    return write;
  }

  KafkaConnectorRead read(String topic, Map<String, String> security) {
    Map<String, String> options = new LinkedHashMap<>(security);
    options.put("topic", topic);
    options.put("format", "json");
    options.put("scan.startup.mode", "earliest-offset");
    options.put("scan.bounded.mode", "latest-offset");
    KafkaConnectorRead read = KafkaConnectorIO.read().withOptions(options).withSchema(SCHEMA);
    assertNoSecret(read.toString(), "read toString()");
    return read;
  }

  /** Writes 30 rows to {@code topic}, reads them back (bounded) and compares. */
  void roundTrip(String topic, Map<String, String> security, Supplier<PipelineOptions> options) {
    List<Row> rows = new ArrayList<>();
    for (long i = 0; i < 30; i++) {
      rows.add(row(i));
    }
    Pipeline writing = Pipeline.create(options.get());
    writing.apply(Create.of(rows).withRowSchema(SCHEMA)).apply(write(topic, security));
    assertEquals(PipelineResult.State.DONE, writing.run().waitUntilFinish());

    CollectingSink collected = new CollectingSink();
    Pipeline reading = Pipeline.create(options.get());
    reading.apply(read(topic, security)).apply(collected);
    assertEquals(PipelineResult.State.DONE, reading.run().waitUntilFinish());
    assertEquals(
        new TreeSet<>(rows.stream().map(Row::toString).toList()),
        new TreeSet<>(collected.rows().stream().map(Row::toString).toList()));
  }

  /** Runs a DirectRunner pipeline that must fail within {@link #FAILURE_BOUND}; its failure. */
  static Throwable runAndFail(Consumer<Pipeline> build) {
    Pipeline pipeline = Pipeline.create(PipelineRunners.direct(false, true));
    build.accept(pipeline);
    long start = System.nanoTime();
    try {
      PipelineResult result = pipeline.run();
      PipelineResult.State state =
          result.waitUntilFinish(org.joda.time.Duration.millis(FAILURE_BOUND.toMillis() * 2));
      cancel(result);
      return fail("the pipeline did not fail in " + FAILURE_BOUND.toSeconds() * 2 + " s: " + state);
    } catch (RuntimeException e) {
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      System.out.println("Failed after " + took.toMillis() + " ms: " + e);
      assertTrue(
          took.compareTo(FAILURE_BOUND) < 0, "failed only after " + took.toMillis() + " ms: " + e);
      return e;
    }
  }

  /**
   * Waits for a running job to fail: a detached Flink job through {@link FlinkJobs}, a DirectRunner
   * job through {@code waitUntilFinish}; fails the test (cancelling the job) after the bound.
   */
  static Throwable awaitFailure(PipelineResult result, boolean flink) throws Exception {
    if (flink) {
      return FlinkJobs.failure(result, FAILURE_BOUND);
    }
    try {
      PipelineResult.State state =
          result.waitUntilFinish(org.joda.time.Duration.millis(FAILURE_BOUND.toMillis()));
      cancel(result);
      return fail("the job did not fail within " + FAILURE_BOUND.toSeconds() + " s: " + state);
    } catch (RuntimeException e) {
      return e;
    }
  }

  static void cancel(PipelineResult result) {
    try {
      result.cancel();
    } catch (IOException | RuntimeException e) {
      // already ended
    }
  }

  /**
   * Some message of the chain names the mechanism (or SSL), the servers and every one of {@code
   * more}; none holds a secret.
   *
   * @return the naming message
   */
  String assertNamed(Throwable failure, String mechanism, String servers, String... more) {
    String naming = null;
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String message = String.valueOf(t.getMessage());
      assertNoSecret(message, t.getClass().getName() + " message");
      for (Throwable s : t.getSuppressed()) {
        assertNoSecret(String.valueOf(s.getMessage()), "suppressed message");
      }
      if (naming == null
          && message.contains(mechanism)
          && message.contains("properties.bootstrap.servers=" + servers)
          && List.of(more).stream().allMatch(message::contains)) {
        naming = message;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    assertNotNull(
        naming,
        "no message names " + mechanism + ", the servers and " + List.of(more) + ": " + failure);
    return naming;
  }

  void assertNoSecret(String text, String where) {
    for (String secret : secrets) {
      assertFalse(text.contains(secret), where + " holds a secret: " + text);
    }
  }
}
