package dev.kafkaconnector.examples;

import dev.kafkaconnector.examples.cli.RunnerOptions;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import picocli.CommandLine.Option;

/**
 * Options of the demo job (a picocli mixin), in kebab case; the camelCase spellings of earlier
 * versions ({@code --bootstrapServers}, {@code --writeSampleData}, {@code --headerFilter}) stay as
 * hidden aliases. The runner options come from {@link RunnerOptions}, other Beam options pass
 * through ({@link #pipelineOptions}).
 */
public final class DemoOptions {
  static final String DEFAULT_TOPIC = "demo-orders";
  static final String DEFAULT_HEADER_FILTER = "depart:toy|depart:book&!env:test";

  @Option(
      names = "--bootstrap-servers",
      paramLabel = "host:port",
      description =
          "Kafka bootstrap servers. Default: an embedded Apache Kafka broker is started for the"
              + " demo and sample records are written to it.")
  private String bootstrapServers;

  @Option(names = "--bootstrapServers", hidden = true)
  private String bootstrapServersAlias;

  @Option(
      names = "--topic",
      paramLabel = "name",
      description = "Topic to read. Default: " + DEFAULT_TOPIC + ".")
  private String topic = DEFAULT_TOPIC;

  @Option(
      names = "--write-sample-data",
      arity = "0..1",
      fallbackValue = "true",
      paramLabel = "true|false",
      description =
          "Write sample records (with headers) to the topic before reading. Default: true.")
  private Boolean writeSampleData;

  @Option(names = "--writeSampleData", arity = "0..1", fallbackValue = "true", hidden = true)
  private Boolean writeSampleDataAlias;

  @Option(
      names = "--header-filter",
      paramLabel = "filter",
      description = "scan.header-filter of the source. Default: " + DEFAULT_HEADER_FILTER + ".")
  private String headerFilter;

  @Option(names = "--headerFilter", hidden = true)
  private String headerFilterAlias;

  /** The Kafka cluster, or empty for an embedded broker. */
  public String bootstrapServers() {
    return first(bootstrapServers, bootstrapServersAlias, "");
  }

  public String topic() {
    return topic;
  }

  public boolean writeSampleData() {
    return first(writeSampleData, writeSampleDataAlias, true);
  }

  public String headerFilter() {
    return first(headerFilter, headerFilterAlias, DEFAULT_HEADER_FILTER);
  }

  /**
   * The pipeline options of the demo: the runner options (embedded Flink with parallelism 2 unless
   * given) and the other Beam options {@code beamArgs}, in Beam's spelling.
   *
   * @throws IllegalArgumentException for an unknown Beam option or a bad value of one
   */
  static FlinkPipelineOptions pipelineOptions(RunnerOptions runner, List<String> beamArgs) {
    List<String> args = new ArrayList<>(beamArgs);
    args.add("--runner=" + first(runner.runner(), null, FlinkRunner.class.getSimpleName()));
    args.add("--flinkMaster=" + first(runner.flinkMaster(), null, "[local]"));
    args.add("--parallelism=" + first(runner.parallelism(), null, 2));
    return PipelineOptionsFactory.fromArgs(args.toArray(String[]::new))
        .withValidation()
        .as(FlinkPipelineOptions.class);
  }

  private static <T> T first(T value, T alias, T fallback) {
    return value != null ? value : alias != null ? alias : fallback;
  }
}
