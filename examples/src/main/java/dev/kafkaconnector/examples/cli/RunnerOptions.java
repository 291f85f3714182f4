package dev.kafkaconnector.examples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * The runner options that the tools name in their usage ({@code --runner}, {@code --flink-master},
 * {@code --parallelism}), as a picocli mixin, turned into Beam's pipeline options ({@code
 * --runner=...}, {@code --flinkMaster=...}, {@code --parallelism=...}). Beam's camelCase {@code
 * --flinkMaster} stays as a hidden alias. Other Beam options pass through in Beam's own spelling.
 */
public final class RunnerOptions {
  /** {@code --name} or {@code --name=value} with a Java property name: Beam's form. */
  private static final Pattern BEAM_OPTION = Pattern.compile("--[A-Za-z_][A-Za-z0-9_]*(=.*)?");

  @Option(
      names = "--runner",
      paramLabel = "runner",
      description = "The Beam runner: DirectRunner or FlinkRunner (or a runner class name).")
  private String runner;

  @Option(
      names = "--flink-master",
      paramLabel = "host:port",
      description =
          "The Flink cluster's REST address for the FlinkRunner; [local] for embedded Flink.")
  private String flinkMaster;

  /** Beam's spelling, kept working. */
  @Option(names = "--flinkMaster", hidden = true)
  private String flinkMasterAlias;

  @Option(names = "--parallelism", paramLabel = "N", description = "The parallelism on Flink.")
  private Integer parallelism;

  /** The runner given, or null. */
  public String runner() {
    return runner;
  }

  /** The Flink master given, or null. */
  public String flinkMaster() {
    return flinkMaster != null ? flinkMaster : flinkMasterAlias;
  }

  /** The parallelism given, or null. */
  public Integer parallelism() {
    return parallelism;
  }

  /** The options given, as Beam's pipeline arguments. */
  public List<String> beamArgs() {
    List<String> args = new ArrayList<>();
    if (runner != null) {
      args.add("--runner=" + runner);
    }
    if (flinkMaster() != null) {
      args.add("--flinkMaster=" + flinkMaster());
    }
    if (parallelism != null) {
      args.add("--parallelism=" + parallelism);
    }
    return args;
  }

  /**
   * Whether {@code arg} has the form of a Beam pipeline option ({@code --name} or {@code
   * --name=value}, the name a Java property name); a kebab-case {@code --no-such-flag} has not.
   */
  public static boolean isBeamOption(String arg) {
    return BEAM_OPTION.matcher(arg).matches();
  }
}
