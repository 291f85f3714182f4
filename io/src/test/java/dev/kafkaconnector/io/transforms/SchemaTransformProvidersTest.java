package dev.kafkaconnector.io.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The configuration rows of {@code kafka_read} and {@code kafka_write} map to the connector's
 * transforms and options; bad configurations fail when the transform is built, naming the field or
 * option key. No broker: nothing here runs a pipeline.
 */
class SchemaTransformProvidersTest {
  private static final String READ = KafkaReadSchemaTransformProvider.IDENTIFIER;
  private static final String WRITE = KafkaWriteSchemaTransformProvider.IDENTIFIER;

  private static SchemaTransformProvider provider(String urn) {
    for (SchemaTransformProvider p : ServiceLoader.load(SchemaTransformProvider.class)) {
      if (p.identifier().equals(urn)) {
        return p;
      }
    }
    throw new AssertionError(urn + " is not registered with ServiceLoader");
  }

  /** A configuration row of {@code urn}'s schema, from field values by snake_case name. */
  private static Row config(String urn, Map<String, Object> values) {
    Schema schema = provider(urn).configurationSchema();
    Row.FieldValueBuilder row = Row.withSchema(schema).withFieldValues(Map.of());
    for (Map.Entry<String, Object> value : values.entrySet()) {
      row = row.withFieldValue(value.getKey(), value.getValue());
    }
    return row.build();
  }

  private static Map<String, Object> validRead() {
    Map<String, Object> values = new HashMap<>();
    values.put("topic", "orders");
    values.put("bootstrap_servers", "broker:9092");
    values.put("group_id", "g1");
    values.put("format", "json");
    values.put("schema", "id BIGINT NOT NULL, product STRING");
    values.put("scan_startup_mode", "earliest-offset");
    values.put("scan_bounded_mode", "latest-offset");
    values.put("options", Map.of("json.ignore-parse-errors", "false"));
    return values;
  }

  private static Map<String, Object> validWrite() {
    Map<String, Object> values = new HashMap<>();
    values.put("topic", "out");
    values.put("bootstrap_servers", "broker:9092");
    values.put("format", "json");
    values.put("options", Map.of("properties.linger.ms", "5"));
    return values;
  }

  private static void failsNaming(Executable build, String... words) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
    for (String word : words) {
      assertTrue(
          e.getMessage().contains(word), () -> "expected '" + word + "' in: " + e.getMessage());
    }
  }

  @Test
  void providersAreFoundByUrnWithTheirCollections() {
    assertEquals(List.of(), provider(READ).inputCollectionNames());
    assertEquals(List.of("output", "errors"), provider(READ).outputCollectionNames());
    assertEquals(List.of("input"), provider(WRITE).inputCollectionNames());
    assertEquals(List.of("errors"), provider(WRITE).outputCollectionNames());
  }

  @Test
  void configurationFieldsAreSnakeCase() {
    Schema read = provider(READ).configurationSchema();
    for (String field :
        List.of(
            "topic",
            "topic_pattern",
            "bootstrap_servers",
            "group_id",
            "format",
            "schema",
            "scan_startup_mode",
            "scan_bounded_mode",
            "metadata",
            "options",
            "error_handling")) {
      assertTrue(read.hasField(field), () -> field + " missing from " + read);
    }
    Schema write = provider(WRITE).configurationSchema();
    for (String field :
        List.of("topic", "bootstrap_servers", "format", "delivery_guarantee", "options")) {
      assertTrue(write.hasField(field), () -> field + " missing from " + write);
    }
  }

  @Test
  void readFieldsAndFreeOptionsBecomeTheConnectorsOptions() {
    Map<String, Object> values = validRead();
    values.put("metadata", Map.of("off", "offset"));
    SchemaTransform transform = provider(READ).from(config(READ, values));
    KafkaReadSchemaTransformProvider.ReadTransform read =
        assertInstanceOf(KafkaReadSchemaTransformProvider.ReadTransform.class, transform);
    Map<String, String> options = read.read().options();
    assertEquals("orders", options.get("topic"));
    assertEquals("broker:9092", options.get("properties.bootstrap.servers"));
    assertEquals("g1", options.get("properties.group.id"));
    assertEquals("json", options.get("format"));
    assertEquals("earliest-offset", options.get("scan.startup.mode"));
    assertEquals("latest-offset", options.get("scan.bounded.mode"));
    assertEquals("false", options.get("json.ignore-parse-errors"));
    Schema output = read.read().outputSchema();
    assertEquals(List.of("id", "product", "off"), output.getFieldNames());
  }

  @Test
  void boundedReadsByOptionsOnly() {
    Map<String, Object> values = validRead();
    values.remove("scan_bounded_mode");
    values.put(
        "options",
        Map.of(
            "scan.bounded.mode", "specific-offsets",
            "scan.bounded.specific-offsets", "partition:0,offset:10"));
    KafkaReadSchemaTransformProvider.ReadTransform read =
        (KafkaReadSchemaTransformProvider.ReadTransform) provider(READ).from(config(READ, values));
    assertEquals("specific-offsets", read.read().options().get("scan.bounded.mode"));
  }

  @Test
  void badStartupModeNamesFieldAndKey() {
    Map<String, Object> values = validRead();
    values.put("scan_startup_mode", "yesterday");
    failsNaming(
        () -> provider(READ).from(config(READ, values)),
        "kafka_read",
        "scan.startup.mode",
        "scan_startup_mode");
  }

  @Test
  void unknownOptionKeyIsNamed() {
    Map<String, Object> values = validRead();
    values.put("options", Map.of("scan.startup.mod", "earliest-offset"));
    failsNaming(() -> provider(READ).from(config(READ, values)), "scan.startup.mod");
  }

  @Test
  void fieldAndOptionThatDisagreeAreNamed() {
    Map<String, Object> values = validRead();
    values.put("options", Map.of("topic", "other"));
    failsNaming(() -> provider(READ).from(config(READ, values)), "'topic'", "options['topic']");
  }

  @Test
  void badSchemaNamesTheSchemaField() {
    Map<String, Object> values = validRead();
    values.put("schema", "id BIGINTEGER");
    failsNaming(() -> provider(READ).from(config(READ, values)), "'schema'");
  }

  @Test
  void missingTopicIsNamed() {
    Map<String, Object> values = validRead();
    values.remove("topic");
    failsNaming(() -> provider(READ).from(config(READ, values)), "topic");
  }

  @Test
  void errorOutputIsNotNamedOutput() {
    Map<String, Object> values = validRead();
    Row noOutput =
        Row.withSchema(
                provider(READ)
                    .configurationSchema()
                    .getField("error_handling")
                    .getType()
                    .getRowSchema())
            .withFieldValue("output", "output")
            .build();
    values.put("error_handling", noOutput);
    failsNaming(() -> provider(READ).from(config(READ, values)), "error_handling");
  }

  @Test
  void writeFieldsAndFreeOptionsBecomeTheConnectorsOptions() {
    Map<String, Object> values = validWrite();
    values.put("delivery_guarantee", "exactly-once");
    values.put("transactional_id_prefix", "tx");
    KafkaWriteSchemaTransformProvider.WriteTransform write =
        (KafkaWriteSchemaTransformProvider.WriteTransform)
            provider(WRITE).from(config(WRITE, values));
    Map<String, String> options = write.write().options();
    assertEquals("out", options.get("topic"));
    assertEquals("exactly-once", options.get("sink.delivery-guarantee"));
    assertEquals("tx", options.get("sink.transactional-id-prefix"));
    assertEquals("5", options.get("properties.linger.ms"));
  }

  @Test
  void badDeliveryGuaranteeNamesFieldAndKey() {
    Map<String, Object> values = validWrite();
    values.put("delivery_guarantee", "twice");
    failsNaming(
        () -> provider(WRITE).from(config(WRITE, values)),
        "kafka_write",
        "sink.delivery-guarantee",
        "delivery_guarantee");
  }

  @Test
  void writeChecksTheInputsColumnsWhenApplied() {
    Map<String, Object> values = validWrite();
    values.put("metadata", Map.of("missing", "timestamp"));
    SchemaTransform write = provider(WRITE).from(config(WRITE, values));
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    Schema schema = Schema.builder().addInt64Field("id").build();
    PCollection<Row> rows =
        p.apply(Create.of(Row.withSchema(schema).addValue(1L).build()).withRowSchema(schema));
    failsNaming(() -> PCollectionRowTuple.of("input", rows).apply(write), "missing");
  }

  @Test
  void errorOutputsHaveTheDocumentedSchemas() {
    assertEquals(
        List.of(
            "error_message",
            "failed_row",
            "topic",
            "partition",
            "offset",
            "timestamp",
            "key",
            "headers"),
        BadRecordRows.ofRead().outputSchema().getFieldNames());
    Schema input = Schema.builder().addInt64Field("id").build();
    assertEquals(ErrorHandling.errorSchema(input), BadRecordRows.ofWrite(input).outputSchema());
  }
}
