package dev.kafkaconnector.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.FreePorts;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * The demo's command line through {@link HeaderFilterDemo#run}: help and version on standard output
 * with status 0, usage errors with status 2, a Kafka cluster that does not answer with status 1 (no
 * broker and no pipeline start in these cases).
 */
class HeaderFilterDemoTest {
  /** What a run printed and returned. */
  record Run(int exitCode, String out, String err) {}

  private static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = HeaderFilterDemo.run(new PrintWriter(out), new PrintWriter(err), args);
    return new Run(code, out.toString(), err.toString());
  }

  @Test
  void helpPrintsTheUsageOnStandardOutput() {
    for (String flag : new String[] {"--help", "-h"}) {
      Run run = run(flag);
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.out().startsWith("Usage: HeaderFilterDemo"), run.out());
      for (String option :
          new String[] {
            "--bootstrap-servers=host:port",
            "--topic=name",
            "--write-sample-data",
            "--header-filter=filter",
            "--runner=runner",
            "--flink-master=host:port",
            "--parallelism=N",
            "Exit status:"
          }) {
        assertTrue(run.out().contains(option), option + " missing in\n" + run.out());
      }
      // the camelCase spellings work but are not advertised
      assertFalse(run.out().contains("--bootstrapServers"), run.out());
      assertEquals("", run.err());
    }
  }

  @Test
  void versionPrintsTheProjectVersion() {
    Run run = run("--version");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().startsWith("HeaderFilterDemo 0."), run.out());
  }

  @Test
  void anUnknownOptionIsAUsageError() {
    Run run = run("--no-such-option=1");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(run.err().contains("Unknown option: '--no-such-option=1'"), run.err());
    assertTrue(run.err().contains("Usage: HeaderFilterDemo"), run.err());
    assertEquals("", run.out());
  }

  @Test
  void aMissingParameterIsAUsageError() {
    Run run = run("--bootstrap-servers");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(
        run.err().contains("Missing required parameter for option '--bootstrap-servers'"),
        run.err());
  }

  @Test
  void anUnknownBeamOptionIsAUsageError() {
    Run run = run("--runner=DirectRunner", "--checkpointingIntervall=1000");
    assertEquals(2, run.exitCode(), run.err());
    assertTrue(run.err().contains("checkpointingIntervall"), run.err());
    assertTrue(run.err().contains("Usage: HeaderFilterDemo"), run.err());
  }

  @Test
  void aKafkaClusterThatDoesNotAnswerFailsWithStatusOne() {
    String nobody = "127.0.0.1:" + FreePorts.take("127.0.0.1", 1)[0];
    // the kebab-case option and the camelCase spelling of earlier versions
    for (String option : new String[] {"--bootstrap-servers=", "--bootstrapServers="}) {
      Run run = run(option + nobody, "--runner=DirectRunner", "--write-sample-data=false");
      assertEquals(1, run.exitCode(), run.err());
      assertTrue(
          run.err().contains("HeaderFilterDemo: Kafka at '" + nobody + "' is not reachable"),
          run.err());
      assertFalse(run.err().contains("Usage:"), run.err());
    }
  }
}
