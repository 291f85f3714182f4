package dev.kafkaconnector.runners.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.PipelineRunners;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.PCollection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The secret canary check can fail: a canary put in each place {@link SecretCanaryIT} watches is
 * found and named (through the same capture: the slf4j binding, java.util.logging, the standard
 * streams, exception chains, display data, transform names and metric names).
 */
class SecretCanaryTest {
  private final String canary = SecretCanary.create("SelfTest");

  @BeforeEach
  void capture() {
    SecretCanary.takeHits();
    SecretCanary.start();
  }

  @AfterEach
  void release() {
    SecretCanary.stop();
    SecretCanary.takeHits();
  }

  private static void assertFound(String where) {
    List<SecretCanary.Hit> hits = SecretCanary.takeHits();
    assertTrue(
        hits.stream().anyMatch(h -> h.canary().equals("SelfTest") && h.where().contains(where)),
        "expected a find in '" + where + "', got " + hits);
  }

  @Test
  void theCapturingBindingIsSlf4jsBindingHere() {
    assertTrue(
        CapturingSlf4jProvider.isBound(), "run with -Dslf4j.provider=...CapturingSlf4jProvider");
  }

  @Test
  void aDebugEventOfAQuietLoggerIsFoundThoughNotPrinted() {
    // org.apache.kafka prints WARN and above only (simplelogger.properties).
    LoggerFactory.getLogger("org.apache.kafka.clients.Quiet").debug("config: password={}", canary);
    assertFound("log event DEBUG org.apache.kafka.clients.Quiet");
  }

  @Test
  void aSuppressedExceptionOfALoggedCauseIsFound() {
    RuntimeException cause = new RuntimeException("outer");
    IllegalStateException inner = new IllegalStateException("inner");
    inner.addSuppressed(new IllegalArgumentException("bad value " + canary));
    cause.initCause(inner);
    LoggerFactory.getLogger("dev.kafkaconnector.SelfTest").warn("failed", cause);
    assertFound("its exception");
    SecretCanary.scan("a failure", new RuntimeException("wrapped", cause));
    assertFound("a failure");
  }

  @Test
  void standardStreamsAndJavaUtilLoggingAreFound() {
    System.err.println("printed " + canary);
    assertFound("System.err line");
    System.out.print("no line end yet " + canary);
    System.out.println();
    assertFound("System.out line");
    java.util.logging.Logger.getLogger("some.jul.logger").fine("fine " + canary);
    assertFound("jul:some.jul.logger");
  }

  @Test
  void displayDataTransformNamesAndMetricNamesAreFound() {
    Pipeline pipeline = Pipeline.create(PipelineRunners.direct(true, true));
    pipeline.apply(Create.of(1, 2)).apply("Named " + canary, new Leaky(canary));
    PipelineInspection.graph("self-test", pipeline);
    List<SecretCanary.Hit> hits = SecretCanary.takeHits();
    assertTrue(hits.stream().anyMatch(h -> h.where().endsWith(" name")), String.valueOf(hits));
    assertTrue(
        hits.stream().anyMatch(h -> h.where().contains("display data")), String.valueOf(hits));
    PipelineResult result = pipeline.run();
    assertEquals(PipelineResult.State.DONE, result.waitUntilFinish());
    SecretCanary.takeHits();
    PipelineInspection.metrics("self-test", result);
    assertFound("self-test: counter name");
  }

  @Test
  void assertNoLeakNamesWhereTheCanaryAppeared() {
    SecretCanary.scan("some toString()", "Options{password=" + canary + "}");
    AssertionError error =
        assertThrows(AssertionError.class, () -> SecretCanary.assertNoLeak("the self-test"));
    assertTrue(error.getMessage().contains("SelfTest in some toString()"), error.getMessage());
    SecretCanary.assertNoLeak("nothing since");
  }

  private static final class Leaky extends PTransform<PCollection<Integer>, PCollection<Integer>> {
    private final String secret;

    Leaky(String secret) {
      this.secret = secret;
    }

    @Override
    public PCollection<Integer> expand(PCollection<Integer> input) {
      return input.apply("Count", ParDo.of(new Counting(secret)));
    }

    @Override
    public void populateDisplayData(DisplayData.Builder builder) {
      builder.add(DisplayData.item("password", secret));
    }
  }

  private static final class Counting extends DoFn<Integer, Integer> {
    private final String name;

    Counting(String name) {
      this.name = name;
    }

    @ProcessElement
    public void process(@Element Integer i, OutputReceiver<Integer> out) {
      Metrics.counter("canary", name).inc();
      out.output(i);
    }
  }
}
