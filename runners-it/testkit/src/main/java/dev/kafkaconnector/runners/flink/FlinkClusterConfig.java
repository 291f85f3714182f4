package dev.kafkaconnector.runners.flink;

import dev.kafkaconnector.runners.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.runtime.clusterframework.TaskExecutorProcessSpec;
import org.apache.flink.runtime.clusterframework.TaskExecutorProcessUtils;
import org.apache.flink.runtime.jobmanager.JobManagerProcessSpec;
import org.apache.flink.runtime.jobmanager.JobManagerProcessUtils;
import org.apache.flink.runtime.util.config.memory.ProcessMemoryUtils;

/**
 * The configuration of one session cluster: free ports on 127.0.0.1, the {@code config.yaml} that
 * Flink 1.19 reads from the configuration directory (it reads the legacy {@code flink-conf.yaml}
 * instead when that file exists, so none is written), and the command lines of the JobManager and
 * TaskManager JVMs, with the memory options that Flink's own start scripts compute ({@code
 * BashJavaUtils}) derived here with the same Flink classes.
 */
final class FlinkClusterConfig {
  static final String HOST = "127.0.0.1";

  /** What Flink's distribution opens on Java 17 ({@code env.java.opts.all} of its config.yaml). */
  private static final List<String> JAVA_17_OPENS =
      List.of(
          "java.base/java.lang",
          "java.base/java.lang.reflect",
          "java.base/java.net",
          "java.base/java.io",
          "java.base/java.nio",
          "java.base/sun.nio.ch",
          "java.base/java.text",
          "java.base/java.time",
          "java.base/java.util",
          "java.base/java.util.concurrent",
          "java.base/java.util.concurrent.atomic",
          "java.base/java.util.concurrent.locks");

  private final Path directory;
  private final String classpath;
  private final int restPort;
  private final int rpcPort;

  /**
   * A system property with more options for the JobManager's and TaskManagers' JVMs, separated by
   * spaces (the integration tests give C1-only compilation there, as in their own JVM: on two cores
   * a TaskManager's first job then starts seconds sooner).
   */
  static final String CHILD_JVM_OPTIONS = "kafkaconnector.flink.child-jvm-options";

  private final Map<String, String> settings = new LinkedHashMap<>();

  FlinkClusterConfig(
      Path directory, String classpath, int slotsPerTaskManager, Map<String, String> overrides) {
    this.directory = directory;
    this.classpath = classpath;
    int[] ports = FreePorts.take(HOST, 2);
    this.restPort = ports[0];
    this.rpcPort = ports[1];
    settings.put("jobmanager.rpc.address", HOST);
    settings.put("jobmanager.rpc.port", Integer.toString(rpcPort));
    settings.put("jobmanager.bind-host", HOST);
    settings.put("rest.address", HOST);
    settings.put("rest.bind-address", HOST);
    settings.put("rest.port", Integer.toString(restPort));
    settings.put("taskmanager.host", HOST);
    settings.put("taskmanager.bind-host", HOST);
    settings.put("taskmanager.rpc.port", "0");
    settings.put("taskmanager.data.port", "0");
    settings.put("blob.server.port", "0");
    settings.put("jobmanager.memory.process.size", "768m");
    settings.put("taskmanager.memory.process.size", "1280m");
    settings.put("taskmanager.memory.managed.size", "64m");
    settings.put("taskmanager.numberOfTaskSlots", Integer.toString(slotsPerTaskManager));
    settings.put("cluster.evenly-spread-out-slots", "true");
    // A killed TaskManager is noticed within seconds (the defaults: 10 s beats, 50 s timeout).
    settings.put("heartbeat.interval", "1000");
    settings.put("heartbeat.timeout", "6000");
    settings.put("restart-strategy.type", "fixed-delay");
    settings.put("restart-strategy.fixed-delay.attempts", "1000");
    settings.put("restart-strategy.fixed-delay.delay", "1 s");
    // The exactly-once writer keeps a checkpoint interval of records in state: files, not the
    // JobManager's heap (whose 5 MB limit fails the checkpoints of a large job).
    settings.put("state.backend.type", "hashmap");
    settings.put("state.checkpoint-storage", "filesystem");
    settings.put("state.checkpoints.dir", directory.resolve("checkpoints").toUri().toString());
    settings.put("state.savepoints.dir", directory.resolve("savepoints").toUri().toString());
    settings.put(
        "execution.checkpointing.externalized-checkpoint-retention", "RETAIN_ON_CANCELLATION");
    settings.put("io.tmp.dirs", directory.resolve("tmp").toString());
    settings.put("web.tmpdir", directory.resolve("web").toString());
    settings.put("blob.storage.directory", directory.resolve("blobs").toString());
    settings.putAll(overrides);
  }

  Path directory() {
    return directory;
  }

  Path configDirectory() {
    return directory.resolve("conf");
  }

  int restPort() {
    return restPort;
  }

  Map<String, String> settings() {
    return Map.copyOf(settings);
  }

  /** Writes {@code conf/config.yaml}: one {@code key: 'value'} line per setting. */
  void write() {
    try {
      Files.createDirectories(configDirectory());
      Files.createDirectories(directory.resolve("tmp"));
      List<String> lines = new ArrayList<>();
      lines.add("# Generated by " + FlinkSessionCluster.class.getName());
      settings.forEach((k, v) -> lines.add(k + ": '" + v.replace("'", "''") + "'"));
      Files.write(configDirectory().resolve("config.yaml"), lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the Flink configuration in " + directory, e);
    }
  }

  /** The JobManager's command line (after {@code java}). */
  List<String> jobManagerCommand() {
    JobManagerProcessSpec spec =
        JobManagerProcessUtils.processSpecFromConfigWithNewOptionToInterpretLegacyHeap(
            flinkConfiguration(), JobManagerOptions.JVM_HEAP_MEMORY);
    List<String> args =
        jvmOptions(JobManagerProcessUtils.generateJvmParametersStr(spec, flinkConfiguration()));
    args.add("org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint");
    args.add("--configDir");
    args.add(configDirectory().toString());
    args.addAll(split(JobManagerProcessUtils.generateDynamicConfigsStr(spec)));
    return args;
  }

  /** The command line (after {@code java}) of a TaskManager with the given resource id. */
  List<String> taskManagerCommand(String resourceId) {
    TaskExecutorProcessSpec spec =
        TaskExecutorProcessUtils.processSpecFromConfig(flinkConfiguration());
    List<String> args = jvmOptions(ProcessMemoryUtils.generateJvmParametersStr(spec));
    args.add("org.apache.flink.runtime.taskexecutor.TaskManagerRunner");
    args.add("--configDir");
    args.add(configDirectory().toString());
    args.addAll(split(TaskExecutorProcessUtils.generateDynamicConfigsStr(spec)));
    args.add("-D");
    args.add("taskmanager.resource-id=" + resourceId);
    return args;
  }

  private List<String> jvmOptions(String memoryOptions) {
    List<String> args = new ArrayList<>(split(memoryOptions));
    args.addAll(split(System.getProperty(CHILD_JVM_OPTIONS, "")));
    for (String open : JAVA_17_OPENS) {
      args.add("--add-opens=" + open + "=ALL-UNNAMED");
    }
    // Flink's own INFO lines go to the log files; the connector's and Kafka's stay quiet.
    args.add("-Dorg.slf4j.simpleLogger.log.org.apache.flink=info");
    args.add("-Dorg.slf4j.simpleLogger.log.org.apache.flink.runtime.metrics=error");
    args.add("-Dorg.slf4j.simpleLogger.log.org.apache.flink.metrics=error");
    args.add("-cp");
    args.add(classpath);
    return args;
  }

  private Configuration flinkConfiguration() {
    return Configuration.fromMap(settings);
  }

  private static List<String> split(String options) {
    List<String> out = new ArrayList<>();
    for (String part : Arrays.asList(options.trim().split("\\s+"))) {
      if (!part.isEmpty()) {
        out.add(part);
      }
    }
    return out;
  }
}
