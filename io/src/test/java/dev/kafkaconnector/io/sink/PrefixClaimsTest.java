package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** Two exactly-once sinks of one pipeline with one transactional id prefix fail when applied. */
class PrefixClaimsTest {
  private static final Schema SCHEMA = Schema.builder().addStringField("v").build();

  private static Map<String, String> sink(String topic, String prefix) {
    return Map.of(
        "properties.bootstrap.servers",
        "127.0.0.1:9",
        "topic",
        topic,
        "format",
        "json",
        "sink.delivery-guarantee",
        "exactly-once",
        "sink.transactional-id-prefix",
        prefix);
  }

  private static PCollection<Row> rows(Pipeline p) {
    return p.apply(Create.of(Row.withSchema(SCHEMA).addValue("a").build()).withRowSchema(SCHEMA));
  }

  @Test
  void aSecondExactlyOnceSinkWithThePrefixFailsWhenApplied() {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<Row> rows = rows(pipeline);
    rows.apply("first", KafkaConnectorIO.write().withOptions(sink("a", "shared")));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> rows.apply("second", KafkaConnectorIO.write().withOptions(sink("b", "shared"))));
    assertTrue(
        e.getMessage().contains("'sink.transactional-id-prefix' = 'shared'"), e.getMessage());
  }

  @Test
  void otherPrefixesAndOtherPipelinesAreFine() {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<Row> rows = rows(pipeline);
    rows.apply("first", KafkaConnectorIO.write().withOptions(sink("a", "one")));
    rows.apply("second", KafkaConnectorIO.write().withOptions(sink("b", "two")));
    Pipeline other = Pipeline.create(PipelineOptionsFactory.create());
    rows(other).apply(KafkaConnectorIO.write().withOptions(sink("a", "one")));
  }
}
