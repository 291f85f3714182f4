package dev.kafkaconnector.runners.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@link KafkaBrokerMain}'s command line: help, version and usage errors (no broker starts). */
class KafkaBrokerMainTest {
  /** What a run printed and returned. */
  record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = KafkaBrokerMain.execute(new PrintWriter(out), new PrintWriter(err), args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void helpPrintsTheUsageOnStandardOutput() {
    for (String flag : new String[] {"--help", "-h"}) {
      Run run = run(flag);
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().startsWith("Usage: KafkaBrokerMain"), run.out());
      for (String option :
          new String[] {
            "--child-process",
            "--brokers=N",
            "--auto-create-topics",
            "--topic=NAME[:PARTITIONS]",
            "--bootstrap-file=PATH",
            "Exit status:"
          }) {
        assertTrue(run.out().contains(option), option + " missing in\n" + run.out());
      }
      assertEquals("", run.err());
    }
  }

  @Test
  void versionPrintsTheProjectVersion() {
    Run run = run("--version");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("KafkaBrokerMain 0."), run.out());
    assertTrue(run.out().contains("Apache Kafka 3."), run.out());
  }

  @Test
  void usageErrorsEndWithStatusTwo() {
    String[][] cases = {
      {"--no-such-option"},
      {"--brokers"},
      {"--brokers=6"},
      {"--brokers", "x"},
      {"--topic=t:0"},
      {"--topic", "t:many"},
      {"stray"}
    };
    String[] messages = {
      "Unknown option: '--no-such-option'",
      "Missing required parameter for option '--brokers'",
      "--brokers must be 1 to 5, got 6",
      "Invalid value for option '--brokers'",
      "--topic expects NAME[:PARTITIONS] with PARTITIONS at least 1, got 't:0'",
      "got 't:many'",
      "Unmatched argument at index 0: 'stray'"
    };
    for (int i = 0; i < cases.length; i++) {
      Run run = run(cases[i]);
      assertEquals(2, run.exitCode(), String.join(" ", cases[i]) + ": " + run.err());
      assertTrue(run.err().contains(messages[i]), run.err());
      assertTrue(run.err().contains("Usage: KafkaBrokerMain"), run.err());
      assertEquals("", run.out());
    }
  }
}
