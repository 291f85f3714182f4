package dev.kafkaconnector.examples.cli;

import java.io.PrintStream;
import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * The {@code --[no-]progress} option of the tools that run jobs ({@code kafka-pipeline}, {@code
 * kafka-sql}), as a picocli mixin, and the {@link JobProgress} it configures.
 */
public final class ProgressOption {
  /** The seconds between two progress lines. */
  static final int SECONDS = 5;

  @Option(
      names = "--progress",
      negatable = true,
      description =
          "Print a progress line every "
              + SECONDS
              + " s while a job runs (records, bytes, lag, errors). Default: on when run on a"
              + " terminal; --no-progress turns it off. The job's runner, id and summary are"
              + " printed either way.")
  private Boolean progress;

  /** What {@code tool} prints on {@code out} while a job runs and at its end. */
  public JobProgress listener(String tool, PrintStream out) {
    return new JobProgress(
        tool,
        out,
        progress != null ? progress : JobProgress.onTerminal(),
        Duration.ofSeconds(SECONDS));
  }
}
