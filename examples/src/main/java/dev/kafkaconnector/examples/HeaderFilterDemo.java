package dev.kafkaconnector.examples;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.runners.Reachability;
import dev.kafkaconnector.runners.UnreachableException;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.runners.flink.FlinkRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;

/**
 * Reads a topic with a header filter and metadata columns and prints the rows.
 *
 * <p>By default it starts an embedded Kafka broker, writes sample orders with {@code depart} and
 * {@code env} headers, and runs on embedded Flink. {@code --bootstrapServers=host:9092} reads a
 * real cluster, {@code --flinkMaster=host:8081} submits to a real Flink cluster, and {@code
 * --runner=DirectRunner} runs on the DirectRunner. Both the Kafka cluster and the Flink master are
 * checked first, so that a wrong address fails within seconds with one line on standard error and
 * exit code 1; with sample data on, a topic that does not exist is created (2 partitions).
 */
public final class HeaderFilterDemo {
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
   * @return 0, or 1 when Kafka or the Flink master does not answer or the sample data cannot be
   *     written (the reason is printed as one line on standard error)
   */
  static int run(String[] args) throws Exception {
    String[] withDefaults = defaults(args);
    DemoOptions options =
        PipelineOptionsFactory.fromArgs(withDefaults).withValidation().as(DemoOptions.class);
    EmbeddedKafkaCluster embedded = null;
    String servers = options.getBootstrapServers();
    try {
      // Before anything starts: an unreachable service would otherwise cost a minute of retries.
      checkServices(options);
      if (servers.isEmpty()) {
        embedded = EmbeddedKafkaCluster.inJvm().start();
        servers = embedded.bootstrapServers();
        embedded.createTopic(options.getTopic(), SampleData.PARTITIONS);
        System.out.println("Started an embedded Kafka broker at " + servers);
      }
      if (options.isWriteSampleData()) {
        SampleData.write(servers, options.getTopic());
      }
      System.out.println(
          "Reading '"
              + options.getTopic()
              + "' with scan.header-filter = '"
              + options.getHeaderFilter()
              + "' on "
              + options.getRunner().getSimpleName());
      Pipeline pipeline = Pipeline.create(options);
      pipeline
          .apply(
              KafkaConnectorIO.read()
                  .withOptions(
                      Map.of(
                          "properties.bootstrap.servers", servers,
                          "topic", options.getTopic(),
                          "format", "raw",
                          "scan.startup.mode", "earliest-offset",
                          "scan.bounded.mode", "latest-offset",
                          "scan.header-filter", options.getHeaderFilter(),
                          "metadata.list", "partition,offset,headers"))
                  .withSchema(Schema.builder().addStringField("order").build())
                  .withMetadataColumn("event_time", MetadataKey.TIMESTAMP))
          .apply("Print", ParDo.of(new PrintFn()));
      PipelineResult.State state = pipeline.run().waitUntilFinish();
      System.out.println("Job finished: " + state);
      return 0;
    } catch (UnreachableException | DemoException e) {
      System.err.println("HeaderFilterDemo: " + e.getMessage());
      return 1;
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
  private static void checkServices(DemoOptions options) {
    if (FlinkRunner.class.equals(options.getRunner())) {
      Reachability.checkFlinkMaster(options.getFlinkMaster(), Reachability.DEFAULT_TIMEOUT);
    }
    String servers = options.getBootstrapServers();
    if (servers.isEmpty()) {
      return;
    }
    Reachability.checkKafka(servers, Reachability.DEFAULT_TIMEOUT);
    if (!options.isWriteSampleData()
        && SampleData.partitions(servers, options.getTopic()).isEmpty()) {
      throw new DemoException(
          "Topic '"
              + options.getTopic()
              + "' does not exist at "
              + servers
              + " (create it, or leave out --writeSampleData=false and the demo creates it"
              + " and writes sample orders to it)");
    }
  }

  private static String[] defaults(String[] args) {
    boolean hasRunner = Arrays.stream(args).anyMatch(a -> a.startsWith("--runner="));
    boolean hasMaster = Arrays.stream(args).anyMatch(a -> a.startsWith("--flinkMaster="));
    String[] out = Arrays.copyOf(args, args.length + 3);
    int n = args.length;
    if (!hasRunner) {
      out[n++] = "--runner=" + FlinkRunner.class.getSimpleName();
    }
    if (!hasMaster) {
      out[n++] = "--flinkMaster=[local]";
    }
    if (Arrays.stream(args).noneMatch(a -> a.startsWith("--parallelism="))) {
      out[n++] = "--parallelism=2";
    }
    return Arrays.copyOf(out, n);
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
