package dev.kafkaconnector.examples.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Runs a tool's picocli command with the exit-code convention shared by every tool of the project:
 *
 * <ul>
 *   <li>{@value #OK}: success, and {@code --help} / {@code --version} (printed on standard output);
 *   <li>{@value #FAILURE}: the job, statement or service failed (one line on standard error);
 *   <li>{@value #USAGE}: a usage error, such as an unknown option or a missing parameter (the error
 *       and the usage on standard error).
 * </ul>
 *
 * <p>Options are kebab-case long options ({@code --bootstrap-servers=host:9092} or {@code
 * --bootstrap-servers host:9092}); older spellings stay as hidden aliases. {@code @file} arguments
 * are not expanded (a SQL string or a value may start with {@code @}).
 */
public final class ToolCommandLine {
  /** Exit code of a successful run, of {@code --help} and of {@code --version}. */
  public static final int OK = 0;

  /** Exit code of a failed job, statement or service. */
  public static final int FAILURE = 1;

  /** Exit code of a usage error: an unknown option, a missing or bad parameter. */
  public static final int USAGE = 2;

  private ToolCommandLine() {}

  /** The command line of {@code command}, configured as every tool's. */
  public static CommandLine of(Object command) {
    CommandLine commandLine = new CommandLine(command);
    commandLine.setExpandAtFiles(false);
    commandLine.getCommandSpec().exitCodeOnInvalidInput(USAGE);
    commandLine.getCommandSpec().exitCodeOnExecutionException(FAILURE);
    commandLine.setExecutionExceptionHandler(
        (e, line, parseResult) -> {
          line.getErr().println(line.getCommandName() + ": " + message(e));
          line.getErr().flush();
          return FAILURE;
        });
    return commandLine;
  }

  /**
   * Parses {@code args} into {@code command} and runs it, printing on {@link System#out} and {@link
   * System#err}.
   *
   * @return the exit code: {@value #OK}, {@value #FAILURE} or {@value #USAGE}
   */
  public static int execute(Object command, String... args) {
    return of(command).execute(args);
  }

  /**
   * As {@link #execute(Object, String...)}, printing help and errors on {@code out} / {@code err}.
   */
  public static int execute(Object command, PrintWriter out, PrintWriter err, String... args) {
    CommandLine commandLine = of(command);
    commandLine.setOut(out);
    commandLine.setErr(err);
    try {
      return commandLine.execute(args);
    } finally {
      out.flush();
      err.flush();
    }
  }

  /** A usage error of {@code commandLine}: exit code {@value #USAGE}, with the usage printed. */
  public static ParameterException usageError(CommandLine commandLine, String message) {
    return new ParameterException(commandLine, message);
  }

  private static String message(Throwable e) {
    String message = e.getMessage();
    return message == null || message.isBlank() ? e.toString() : message;
  }
}
