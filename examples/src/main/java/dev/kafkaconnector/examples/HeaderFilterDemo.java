package dev.kafkaconnector.examples;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.common.MetadataKey;
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
 * --runner=DirectRunner} runs on the DirectRunner.
 */
public final class HeaderFilterDemo {
  private HeaderFilterDemo() {}

  public static void main(String[] args) throws Exception {
    String[] withDefaults = defaults(args);
    DemoOptions options = PipelineOptionsFactory.fromArgs(withDefaults).withValidation().as(DemoOptions.class);
    EmbeddedKafkaCluster embedded = null;
    String servers = options.getBootstrapServers();
    try {
      if (servers.isEmpty()) {
        embedded = EmbeddedKafkaCluster.inJvm().start();
        servers = embedded.bootstrapServers();
        embedded.createTopic(options.getTopic(), 2);
        System.out.println("Started an embedded Kafka broker at " + servers);
      }
      if (options.isWriteSampleData()) {
        SampleData.write(servers, options.getTopic());
      }
      System.out.println(
          "Reading '" + options.getTopic() + "' with scan.header-filter = '"
              + options.getHeaderFilter() + "' on " + options.getRunner().getSimpleName());
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
    } finally {
      if (embedded != null) {
        embedded.close();
      }
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
      raw.forEach((k, v) -> headers.put(k, v == null ? null : new String(v, StandardCharsets.UTF_8)));
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
