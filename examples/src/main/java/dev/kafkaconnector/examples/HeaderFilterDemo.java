package dev.kafkaconnector.examples;

import dev.kafkaconnector.examples.cli.RunnerOptions;
import dev.kafkaconnector.examples.cli.ToolCommandLine;
import dev.kafkaconnector.examples.cli.ToolVersion;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.runners.Reachability;
import dev.kafkaconnector.runners.UnreachableException;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/**
 * Reads a topic with a header filter and metadata columns and prints the rows.
 *
 * <p>By default it starts an embedded Kafka broker, writes sample orders with {@code depart} and
 * {@code env} headers, and runs on embedded Flink. {@code --bootstrap-servers=host:9092} reads a
 * real cluster, {@code --flink-master=host:8081} submits to a real Flink cluster, and {@code
 * --runner=DirectRunner} runs on the DirectRunner ({@link DemoOptions}; picocli through {@link
 * ToolCommandLine}). Both the Kafka cluster and the Flink master are checked first, so that a wrong
 * address fails within seconds with one line on standard error and exit code 1; with sample data
 * on, a topic that does not exist is created (2 partitions). A usage error ends it with exit code
 * 2.
 */
@Command(
    name = "HeaderFilterDemo",
    mixinStandardHelpOptions = true,
    versionProvider = ToolVersion.class,
    usageHelpWidth = 100,
    description = {
      "The demo job: reads a topic with scan.header-filter and metadata columns and prints the"
          + " rows; by default an embedded Kafka broker with sample orders, on embedded Flink"
          + " (parallelism 2).",
      ""
    },
    footer = {
      "",
      "Other --name=value arguments are Beam pipeline options, in Beam's spelling (e.g."
          + " --checkpointingInterval=10000)."
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:the job finished; --help, --version",
      "1:Kafka or the Flink master did not answer, or the sample data could not be written",
      "2:a usage error (unknown option, missing parameter, a bad Beam option)"
    })
public final class HeaderFilterDemo implements Callable<Integer> {
  @Mixin private DemoOptions demo = new DemoOptions();
  @Mixin private RunnerOptions runner = new RunnerOptions();
  @Unmatched private List<String> beamOptions = new ArrayList<>();
  @Spec private CommandSpec spec;

  private HeaderFilterDemo() {}

  public static void main(String[] args) throws Exception {
    int exitCode = run(args);
    if (exitCode != 0) {
      System.exit(exitCode);
    }
  }

  /**
   * Runs the demo.
   *
   * @return 0; 1 when Kafka or the Flink master does not answer or the sample data cannot be
   *     written (the reason is printed as one line on standard error); 2 for a usage error
   */
  static int run(String... args) {
    return ToolCommandLine.execute(new HeaderFilterDemo(), args);
  }

  /** As {@link #run}, printing help and usage errors on {@code out} and {@code err}. */
  static int run(PrintWriter out, PrintWriter err, String... args) {
    return ToolCommandLine.execute(new HeaderFilterDemo(), out, err, args);
  }

  @Override
  public Integer call() throws Exception {
    FlinkPipelineOptions options;
    for (String arg : beamOptions) {
      if (!RunnerOptions.isBeamOption(arg)) {
        throw ToolCommandLine.usageError(
            spec.commandLine(),
            (arg.startsWith("-") ? "Unknown option: '" : "Unexpected argument: '") + arg + "'");
      }
    }
    try {
      options = DemoOptions.pipelineOptions(runner, beamOptions);
    } catch (IllegalArgumentException e) {
      throw ToolCommandLine.usageError(spec.commandLine(), firstLine(e.getMessage()));
    }
    PrintWriter err = spec.commandLine().getErr();
    EmbeddedKafkaCluster embedded = null;
    String servers = demo.bootstrapServers();
    try {
      // Before anything starts: an unreachable service would otherwise cost a minute of retries.
      checkServices(options);
      if (servers.isEmpty()) {
        embedded = EmbeddedKafkaCluster.inJvm().start();
        servers = embedded.bootstrapServers();
        embedded.createTopic(demo.topic(), SampleData.PARTITIONS);
        System.out.println("Started an embedded Kafka broker at " + servers);
      }
      if (demo.writeSampleData()) {
        SampleData.write(servers, demo.topic());
      }
      System.out.println(
          "Reading '"
              + demo.topic()
              + "' with scan.header-filter = '"
              + demo.headerFilter()
              + "' on "
              + options.getRunner().getSimpleName());
      Pipeline pipeline = Pipeline.create(options);
      pipeline
          .apply(
              KafkaConnectorIO.read()
                  .withOptions(
                      Map.of(
                          "properties.bootstrap.servers", servers,
                          "topic", demo.topic(),
                          "format", "raw",
                          "scan.startup.mode", "earliest-offset",
                          "scan.bounded.mode", "latest-offset",
                          "scan.header-filter", demo.headerFilter(),
                          "metadata.list", "partition,offset,headers"))
                  .withSchema(Schema.builder().addStringField("order").build())
                  .withMetadataColumn("event_time", MetadataKey.TIMESTAMP))
          .apply("Print", ParDo.of(new PrintFn()));
      PipelineResult.State state = pipeline.run().waitUntilFinish();
      System.out.println("Job finished: " + state);
      return ToolCommandLine.OK;
    } catch (UnreachableException | DemoException e) {
      err.println("HeaderFilterDemo: " + e.getMessage());
      err.flush();
      return ToolCommandLine.FAILURE;
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  /**
   * Checks the Flink master (when the job goes to a real cluster) and the Kafka cluster (when one
   * is given), each within {@link Reachability#DEFAULT_TIMEOUT}, and that a topic the demo only
   * reads exists.
   */
  private void checkServices(FlinkPipelineOptions options) {
    if (FlinkRunner.class.equals(options.getRunner())) {
      Reachability.checkFlinkMaster(options.getFlinkMaster(), Reachability.DEFAULT_TIMEOUT);
    }
    String servers = demo.bootstrapServers();
    if (servers.isEmpty()) {
      return;
    }
    Reachability.checkKafka(servers, Reachability.DEFAULT_TIMEOUT);
    if (!demo.writeSampleData() && SampleData.partitions(servers, demo.topic()).isEmpty()) {
      throw new DemoException(
          "Topic '"
              + demo.topic()
              + "' does not exist at "
              + servers
              + " (create it, or leave out --write-sample-data=false and the demo creates it"
              + " and writes sample orders to it)");
    }
  }

  private static String firstLine(String message) {
    String text = String.valueOf(message).strip();
    int newline = text.indexOf('\n');
    return newline < 0 ? text : text.substring(0, newline);
  }

  /** Prints one line per row. */
  static final class PrintFn extends DoFn<Row, Void> {
    @ProcessElement
    public void process(@Element Row row) {
      Map<String, String> headers = new TreeMap<>();
      Map<String, byte[]> raw = row.getMap("headers");
      raw.forEach(
          (k, v) -> headers.put(k, v == null ? null : new String(v, StandardCharsets.UTF_8)));
      System.out.printf(
          "ROW order=%-22s partition=%d offset=%d event_time=%s headers=%s%n",
          "'" + row.getString("order") + "'",
          row.getInt32("partition"),
          row.getInt64("offset"),
          row.getDateTime("event_time"),
          headers);
    }
  }
}
