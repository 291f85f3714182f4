package sample;

import dev.kafkaconnector.io.KafkaConnectorIO;
import java.util.Map;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.MapElements;
import org.apache.beam.sdk.values.TypeDescriptors;

/** The first job of docs/getting-started.md, on the DirectRunner of the docs' snippet. */
public final class SampleJob {
  private SampleJob() {}

  public static void main(String[] args) {
    PipelineOptions options = PipelineOptionsFactory.fromArgs(args).create();
    options.setRunner(DirectRunner.class);
    Pipeline p = Pipeline.create(options);
    p.apply(
            KafkaConnectorIO.read()
                .withOptions(
                    Map.of(
                        "properties.bootstrap.servers", "127.0.0.1:9092",
                        "topic", "orders",
                        "format", "raw",
                        "scan.startup.mode", "earliest-offset",
                        "scan.bounded.mode", "latest-offset"))
                .withSchema(Schema.builder().addStringField("order").build()))
        .apply(MapElements.into(TypeDescriptors.strings()).via(row -> row.getString("order")));
    p.run().waitUntilFinish();
  }
}
