package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.common.AuthenticationRefusedException;
import dev.kafkaconnector.io.common.JobListener;
import dev.kafkaconnector.io.common.NotRetriedException;
import dev.kafkaconnector.io.runner.RunnerSettings;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A YAML job ready to run on any Beam runner: the entry point of {@code
 * examples/bin/kafka-pipeline} and of users' own launchers.
 *
 * <pre>{@code
 * PipelineJob job = PipelineJob.fromArgs(new String[] {"job.yaml", "-Dkafka.group.id=g",
 *     "--runner=FlinkRunner"});
 * job.run();   // or job.run(options) with options built in code
 * }</pre>
 *
 * <p>Arguments ({@link #fromArgs}): the job file; {@code -Dname=value} values of placeholders;
 * {@code --catalogs=file} a catalog definition file for {@code using.built-in-catalog}; every other
 * argument is a Beam pipeline option ({@code --runner}, {@code --flinkMaster}, ...). The {@code
 * pipeline} block's {@code name} and {@code parallelism} become the job name and the runner's
 * parallelism unless the arguments set them.
 *
 * <p>On Flink, {@code --fasterCopy} is on unless the arguments set it: without it Flink's streaming
 * mode copies every element between chained operators by encoding and decoding it with its coder
 * (twice the job's CPU in the read benchmark). That copy guards against a DoFn that changes an
 * element after handing it on; the job's steps are this library's, which never do (the
 * DirectRunner's immutability check runs over every one of them in the tests).
 */
public final class PipelineJob {
  static final String CATALOGS_FLAG = "--catalogs";
  private static final String FLINK_OPTIONS = "org.apache.beam.runners.flink.FlinkPipelineOptions";
  private static final String DIRECT_OPTIONS = "org.apache.beam.runners.direct.DirectOptions";

  private final PipelineDefinition definition;
  private final List<String> runnerArgs;

  private PipelineJob(PipelineDefinition definition, List<String> runnerArgs) {
    this.definition = definition;
    this.runnerArgs = List.copyOf(runnerArgs);
  }

  /** The job of {@code yaml}, placeholders filled from {@code variables} and the environment. */
  public static PipelineJob of(String yaml, Map<String, String> variables) {
    return new PipelineJob(PipelineDefinitionParser.parse(yaml, variables), List.of());
  }

  /** The job of {@code definition}. */
  public static PipelineJob of(PipelineDefinition definition) {
    return new PipelineJob(definition, List.of());
  }

  /**
   * The job the command-line arguments describe.
   *
   * @throws PipelineDefinitionException for a missing file, a bad argument or a bad definition
   */
  public static PipelineJob fromArgs(String[] args) {
    return fromArgs(args, System.getenv());
  }

  static PipelineJob fromArgs(String[] args, Map<String, String> environment) {
    Map<String, String> variables = new LinkedHashMap<>();
    List<String> runnerArgs = new ArrayList<>();
    String file = null;
    String catalogs = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.startsWith("-D")) {
        String assignment = arg.length() == 2 && i + 1 < args.length ? args[++i] : arg.substring(2);
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
          // Not quoted: what follows -D may be a secret value whose name was forgotten.
          throw new PipelineDefinitionException(
              "",
              "expected -Dname=value, got a -D argument "
                  + (eq == 0 ? "without a name" : "without '=' (argument " + (i + 1) + ")"));
        }
        variables.put(assignment.substring(0, eq), assignment.substring(eq + 1));
      } else if (arg.startsWith(CATALOGS_FLAG + "=")) {
        catalogs = arg.substring(CATALOGS_FLAG.length() + 1);
      } else if (arg.startsWith("--")) {
        runnerArgs.add(arg);
      } else if (file == null) {
        file = arg;
      } else {
        throw new PipelineDefinitionException(
            "", "one job file expected, got '" + file + "' and '" + arg + "'");
      }
    }
    if (file == null) {
      throw new PipelineDefinitionException("", "no job file given; usage: " + usage());
    }
    Map<String, Map<String, String>> catalogDefinitions =
        catalogs == null
            ? Map.of()
            : PipelineDefinitionParser.parseCatalogs(read(catalogs), variables, environment);
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(read(file), variables, environment, catalogDefinitions);
    return new PipelineJob(definition, runnerArgs);
  }

  static String usage() {
    return "kafka-pipeline job.yaml [-Dname=value ...] [--catalogs=catalogs.yaml]"
        + " [--runner=DirectRunner|FlinkRunner] [--flinkMaster=host:port] [other Beam options]";
  }

  private static String read(String file) {
    try {
      return Files.readString(Path.of(file));
    } catch (IOException e) {
      throw new PipelineDefinitionException("", "cannot read '" + file + "': " + e);
    }
  }

  public PipelineDefinition definition() {
    return definition;
  }

  /** The Beam options of the arguments, with the {@code pipeline} block's name and parallelism. */
  public PipelineOptions options() {
    List<String> args = new ArrayList<>(runnerArgs);
    PipelineSettings settings = definition.pipeline();
    if (settings.name() != null && !hasFlag(args, "--jobName")) {
      args.add("--jobName=" + settings.name());
    }
    PipelineOptions options = PipelineOptionsFactory.fromArgs(args.toArray(String[]::new)).create();
    boolean flink = RunnerSettings.of(options).flink();
    if (settings.parallelism() != null
        && !hasFlag(args, "--parallelism")
        && !hasFlag(args, "--targetParallelism")) {
      setParallelism(options, flink, settings.parallelism());
    }
    if (flink && !hasFlag(args, "--fasterCopy")) {
      set(options, FLINK_OPTIONS, "setFasterCopy", Boolean.class, Boolean.TRUE);
    }
    return options;
  }

  private static boolean hasFlag(List<String> args, String flag) {
    return args.stream().anyMatch(a -> a.equals(flag) || a.startsWith(flag + "="));
  }

  /** The job as a Beam pipeline on {@code options} (the runner's; see {@link #options()}). */
  public Pipeline toPipeline(PipelineOptions options) {
    Pipeline pipeline = Pipeline.create(options);
    PipelineTranslator.apply(pipeline, definition);
    return pipeline;
  }

  /** Runs the job on the options of the arguments and waits for its end. */
  public PipelineResult run() {
    return run(options());
  }

  /** Runs the job on {@code options} and waits for its end (for a bounded source). */
  public PipelineResult run(PipelineOptions options) {
    PipelineResult result = toPipeline(options).run();
    result.waitUntilFinish();
    return result;
  }

  /**
   * The runner's parallelism: Flink's {@code parallelism}, the DirectRunner's {@code
   * targetParallelism}. Found by name, so that this module needs neither runner.
   */
  private static void setParallelism(PipelineOptions options, boolean flink, int parallelism) {
    if (flink) {
      set(options, FLINK_OPTIONS, "setParallelism", Integer.class, parallelism);
    } else {
      set(options, DIRECT_OPTIONS, "setTargetParallelism", int.class, parallelism);
    }
  }

  /** Calls a runner options interface's setter, when that runner is on the class path. */
  private static <T> void set(
      PipelineOptions options, String optionsClass, String setter, Class<T> type, T value) {
    Class<? extends PipelineOptions> optionsType = optionsClass(optionsClass);
    if (optionsType == null) {
      return;
    }
    try {
      Object runnerOptions = options.as(optionsType);
      Method method = optionsType.getMethod(setter, type);
      method.invoke(runnerOptions, value);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot call " + setter + " of " + optionsClass, e);
    }
  }

  @SuppressWarnings("unchecked")
  private static @Nullable Class<? extends PipelineOptions> optionsClass(String name) {
    try {
      return (Class<? extends PipelineOptions>) Class.forName(name);
    } catch (ClassNotFoundException e) {
      return null;
    }
  }

  /**
   * Runs the job of the arguments. Exit status 0 when it ended, 2 for a bad job definition (one
   * line naming the YAML path on standard error), 1 when the job failed.
   */
  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /**
   * What {@link #main} does, returning the exit status instead of exiting. Every message it prints
   * has the values of {@code ${secret_values.*}} placeholders masked.
   */
  public static int execute(String[] args) {
    return execute(args, new JobListener() {});
  }

  /** As {@link #execute(String[])}, telling {@code listener} when the job starts, runs and ends. */
  public static int execute(String[] args, JobListener listener) {
    PipelineJob job;
    try {
      job = fromArgs(args);
    } catch (PipelineDefinitionException e) {
      System.err.println("kafka-pipeline: " + e.getMessage());
      return 2;
    }
    return execute(job, listener);
  }

  /** What {@link #execute(String[])} does once the arguments are parsed into {@code job}. */
  public static int execute(PipelineJob job) {
    return execute(job, new JobListener() {});
  }

  /**
   * As {@link #execute(PipelineJob)}, telling {@code listener} when the job starts, runs and ends
   * (not when the job definition or an option is refused: exit status 2 before any run).
   */
  public static int execute(PipelineJob job, JobListener listener) {
    Pipeline pipeline;
    try {
      pipeline = job.toPipeline(job.options());
    } catch (PipelineDefinitionException e) {
      System.err.println("kafka-pipeline: " + job.definition().mask(e.getMessage()));
      return 2;
    } catch (IllegalArgumentException e) {
      // a Beam option that is not known, or a bad value of one
      System.err.println("kafka-pipeline: " + job.definition().mask(firstLine(e.getMessage())));
      return 2;
    } catch (RuntimeException e) {
      // building the job asked the cluster (topics, schemas) and failed: a refused login, ...
      System.err.println(
          "kafka-pipeline: the job failed: "
              + job.definition().mask(String.valueOf(rootMessage(e))));
      return 1;
    }
    PipelineResult result = null;
    try {
      listener.starting(pipeline.getOptions());
      result = pipeline.run();
      listener.running(result);
      result.waitUntilFinish();
    } catch (RuntimeException e) {
      String failure = job.definition().mask(String.valueOf(rootMessage(e)));
      if (cancelledOnTheCluster(e)) {
        listener.ended(result, JobListener.CANCELLED);
        System.err.println("kafka-pipeline: the job was cancelled on the cluster: " + failure);
        return 1;
      }
      listener.ended(result, failure);
      System.err.println("kafka-pipeline: the job failed: " + failure);
      return 1;
    }
    listener.ended(result, null);
    return 0;
  }

  /**
   * Whether the runner says the job was cancelled by someone else (Flink's web UI, {@code flink
   * cancel}, its REST API): Flink's {@code JobCancellationException}, known by name so that this
   * module needs no Flink class.
   */
  private static boolean cancelledOnTheCluster(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (CANCELLATION.equals(className(t))) {
        return true;
      }
    }
    return false;
  }

  private static final String CANCELLATION =
      "org.apache.flink.runtime.client.JobCancellationException";

  /** The class of {@code t}, or for a failure Flink sent over the wire the class it stands for. */
  private static String className(Throwable t) {
    if (t.getClass().getName().equals("org.apache.flink.util.SerializedThrowable")) {
      try {
        return String.valueOf(t.getClass().getMethod("getOriginalErrorClassName").invoke(t));
      } catch (ReflectiveOperationException e) {
        return t.getClass().getName();
      }
    }
    return t.getClass().getName();
  }

  private static String firstLine(@Nullable String message) {
    String text = String.valueOf(message).strip();
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }

  /**
   * The message of the deepest cause, but for a failure marked as not retried the description it is
   * the cause of (the marker's own message says only that it is not retried).
   */
  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null
        && t.getCause() != t
        && !(t.getCause() instanceof AuthenticationRefusedException)
        && !(t.getCause() instanceof NotRetriedException)) {
      t = t.getCause();
    }
    return t.getMessage() != null ? t.getMessage() : t.toString();
  }
}
