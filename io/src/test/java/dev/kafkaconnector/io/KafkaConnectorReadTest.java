package dev.kafkaconnector.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.MetadataKey;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class KafkaConnectorReadTest {
  private static final Schema SCHEMA = Schema.builder().addStringField("line").build();

  private static KafkaConnectorRead read() {
    return KafkaConnectorIO.read()
        .withBootstrapServers("broker:9092")
        .withGroupId("reader-test")
        .withTopics("a", "b")
        .withFormat("raw")
        .withSchema(SCHEMA);
  }

  @Test
  void typedMethodsSetTheOptionKeys() {
    KafkaConnectorRead read =
        read()
            .withGroupId("g")
            .withStartupOffsets(Map.of(0, 42L))
            .withStopAtLatest()
            .withHeaderFilter("a:b")
            .withConsumerProperty("isolation.level", "read_committed")
            .withMetadata(MetadataKey.OFFSET, MetadataKey.TOPIC);
    Map<String, String> options = read.options();
    assertEquals("a;b", options.get("topic"));
    assertEquals("g", options.get("properties.group.id"));
    assertEquals("specific-offsets", options.get("scan.startup.mode"));
    assertEquals("partition:0,offset:42", options.get("scan.startup.specific-offsets"));
    assertEquals("latest-offset", options.get("scan.bounded.mode"));
    assertEquals("a:b", options.get("scan.header-filter"));
    assertEquals("read_committed", options.get("properties.isolation.level"));
    assertEquals("offset,topic", options.get("metadata.list"));
  }

  @Test
  void outputSchemaAppendsMetadataColumns() {
    Schema schema =
        read()
            .withMetadata(MetadataKey.OFFSET)
            .withMetadataColumn("ts", MetadataKey.TIMESTAMP)
            .outputSchema();
    assertEquals(List.of("line", "offset", "ts"), schema.getFieldNames());
  }

  @Test
  void applyingValidatesAndNamesTheKey() {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.create());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> pipeline.apply(read().withOption("scan.startup.mod", "earliest-offset")));
    assertTrue(e.getMessage().contains("'scan.startup.mod'"), e.getMessage());
  }

  @Test
  void boundedModeGivesABoundedCollection() {
    Pipeline pipeline = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<Row> bounded = pipeline.apply(read().withStopAtLatest());
    assertEquals(PCollection.IsBounded.BOUNDED, bounded.isBounded());
    PCollection<Row> unbounded = pipeline.apply("unbounded", read());
    assertEquals(PCollection.IsBounded.UNBOUNDED, unbounded.isBounded());
    assertEquals(SCHEMA, unbounded.getSchema());
  }

  @Test
  void secretsNeverReachDisplayData() {
    KafkaConnectorRead read =
        read()
            .withOptions(
                Map.of(
                    "properties.sasl.jaas.config",
                    "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"hunter2\";",
                    "properties.ssl.keystore.password",
                    "hunter3",
                    "properties.ssl.truststore.password",
                    "hunter4"));
    String shown = DisplayData.from(read).toString();
    assertFalse(shown.contains("hunter"), shown);
    assertTrue(shown.contains("properties.sasl.jaas.config"), shown);
    assertTrue(shown.contains("broker:9092"), shown);
  }
}
