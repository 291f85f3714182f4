package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.registry.SchemaRegistryExtension;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The {@code avro-confluent} format against a real schema registry (Apicurio Registry's
 * Confluent-compatible API, started by the build) and a real broker: rows written by the sink and
 * read back with the columns of the registry's latest schema; records written by Apache Avro's own
 * writer in the Confluent framing under evolving schemas, resolved against the table; and bad
 * records (another magic byte, an unknown id, an incompatible writer schema) in the dead-letter
 * output with their offsets.
 */
abstract class AbstractAvroConfluentITCase extends ReadITSupport {
  @RegisterExtension static final SchemaRegistryExtension REGISTRY = new SchemaRegistryExtension();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  /** The options of a bounded avro-confluent read of {@code topic}. */
  private static Map<String, String> options(String topic) {
    Map<String, String> options = new HashMap<>();
    options.put("properties.bootstrap.servers", KAFKA.bootstrapServers());
    options.put("topic", topic);
    options.put("format", "avro-confluent");
    options.put("avro-confluent.url", REGISTRY.url());
    options.put("scan.startup.mode", "earliest-offset");
    options.put("scan.bounded.mode", "latest-offset");
    return options;
  }

  @Test
  void rowsWrittenBySinkAreReadBackWithTheRegistrysColumns() throws Exception {
    String topic = newTopic("avro-confluent", 2);
    Schema city = Schema.builder().addStringField("city").build();
    Schema schema =
        Schema.builder()
            .addInt64Field("id")
            .addStringField("name")
            .addNullableField("score", FieldType.DOUBLE)
            .addNullableField("tags", FieldType.array(FieldType.STRING))
            .addNullableField("address", FieldType.row(city))
            .build();
    List<Row> rows = new ArrayList<>();
    for (long id = 1; id <= 6; id++) {
      rows.add(
          Row.withSchema(schema)
              .addValues(
                  id,
                  "n" + id,
                  id % 2 == 0 ? null : id / 4.0,
                  List.of("t" + id),
                  id % 3 == 0 ? null : Row.withSchema(city).addValue("c" + id).build())
              .build());
    }
    Pipeline write = Pipeline.create(boundedOptions());
    write
        .apply(Create.of(rows).withRowSchema(schema))
        .apply(
            KafkaConnectorIO.write()
                .withBootstrapServers(KAFKA.bootstrapServers())
                .withTopic(topic)
                .withOptions(
                    Map.of(
                        "format", "avro-confluent",
                        "avro-confluent.url", REGISTRY.url(),
                        "key.format", "avro-confluent",
                        "key.fields", "id")));
    assertEquals(PipelineResult.State.DONE, write.run().waitUntilFinish());

    JsonNode key = get("subjects/" + topic + "-key/versions/latest");
    assertTrue(key.path("schema").asText().contains("\"id\""), key.toString());
    get("subjects/" + topic + "-value/versions/latest");

    List<Row> read = runBounded(KafkaConnectorIO.read().withOptions(options(topic)));
    assertEquals(
        schema.getFields(),
        read.get(0).getSchema().getFields(),
        "the columns of the registry's latest schema");
    assertEquals(new TreeSet<>(texts(rows)), new TreeSet<>(texts(read)));
  }

  @Test
  void evolvedSchemasResolveAndBadRecordsAreDeadLettersWithTheirOffsets() throws Exception {
    String topic = newTopic("avro-confluent-evolved", 1);
    org.apache.avro.Schema v1 =
        avro(
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"id\",\"type\":\"int\"},"
                + "{\"name\":\"name\",\"type\":\"string\"},"
                + "{\"name\":\"legacy\",\"type\":\"string\"}]}");
    org.apache.avro.Schema v2 =
        avro(
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
                + "{\"name\":\"name\",\"type\":\"string\"},"
                + "{\"name\":\"score\",\"type\":[\"null\",\"double\"],\"default\":null}]}");
    org.apache.avro.Schema incompatible =
        avro(
            "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
                + "{\"name\":\"name\",\"type\":\"int\"}]}");
    int id1 = register("users-v1-" + topic, v1);
    int id2 = register("users-v2-" + topic, v2);
    int idBad = register("users-bad-" + topic, incompatible);

    send(topic, framed(id1, record(v1, Map.of("id", 1, "name", "a", "legacy", "x"))));
    send(topic, framed(id2, record(v2, Map.of("id", 2L, "name", "b", "score", 0.5))));
    byte[] otherMagic = framed(id2, record(v2, Map.of("id", 9L, "name", "z")));
    otherMagic[0] = 1;
    send(topic, otherMagic);
    send(topic, framed(987_654, record(v2, Map.of("id", 9L, "name", "z"))));
    send(topic, framed(idBad, record(incompatible, Map.of("id", 9L, "name", 7))));
    send(topic, framed(id1, record(v1, Map.of("id", 3, "name", "c", "legacy", "y"))));
    producer.flush();

    String reader =
        "{\"type\":\"record\",\"name\":\"User\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
            + "{\"name\":\"name\",\"type\":\"string\"},"
            + "{\"name\":\"score\",\"type\":[\"null\",\"double\"],\"default\":null},"
            + "{\"name\":\"tier\",\"type\":\"string\",\"default\":\"basic\"}]}";
    Schema table =
        Schema.builder()
            .addInt64Field("id")
            .addStringField("name")
            .addNullableField("score", FieldType.DOUBLE)
            .addStringField("tier")
            .build();
    Pipeline pipeline = Pipeline.create(boundedOptions());
    AbstractKeyValueAndErrorsITCase.BadRecordSink badSink =
        new AbstractKeyValueAndErrorsITCase.BadRecordSink();
    BadRecordErrorHandler<PDone> handler = pipeline.registerBadRecordErrorHandler(badSink);
    CollectingSink sink = new CollectingSink();
    Map<String, String> options = options(topic);
    options.put("avro-confluent.schema", reader);
    pipeline
        .apply(
            KafkaConnectorIO.read()
                .withOptions(options)
                .withSchema(table)
                .withBadRecordErrorHandler(handler))
        .apply(sink);
    handler.close();
    pipeline.run().waitUntilFinish();

    assertEquals(
        Set.of("1|a|null|basic", "2|b|0.5|basic", "3|c|null|basic"),
        new TreeSet<>(texts(sink.rows())));
    List<String> reasons = new ArrayList<>();
    for (BadRecord bad : badSink.records()) {
      reasons.add(bad.getFailure().getDescription());
    }
    reasons.sort(null);
    assertEquals(3, reasons.size(), reasons.toString());
    assertContains(reasons, "offset 2", "unknown magic byte 1");
    assertContains(reasons, "offset 3", "schema id 987654 is unknown");
    assertContains(reasons, "offset 4", "id " + idBad);
  }

  @Test
  void debeziumAvroEventsBecomeChangelogRowsAndAreWrittenBackAsFlinkWritesThem() throws Exception {
    String topic = newTopic("debezium-avro", 1);
    String value =
        "{\"type\":\"record\",\"name\":\"Value\",\"namespace\":\"db.inventory.users\","
            + "\"fields\":[{\"name\":\"id\",\"type\":\"int\"},"
            + "{\"name\":\"name\",\"type\":[\"null\",\"string\"],\"default\":null}]}";
    org.apache.avro.Schema envelope =
        avro(
            "{\"type\":\"record\",\"name\":\"Envelope\",\"namespace\":\"db.inventory.users\","
                + "\"fields\":[{\"name\":\"before\",\"type\":[\"null\","
                + value
                + "],\"default\":null},{\"name\":\"after\",\"type\":[\"null\",\"Value\"],"
                + "\"default\":null},{\"name\":\"source\",\"type\":{\"type\":\"record\","
                + "\"name\":\"Source\",\"fields\":[{\"name\":\"db\",\"type\":\"string\"}]}},"
                + "{\"name\":\"op\",\"type\":\"string\"},"
                + "{\"name\":\"ts_ms\",\"type\":[\"null\",\"long\"],\"default\":null}]}");
    org.apache.avro.Schema valueSchema = envelope.getField("after").schema().getTypes().get(1);
    GenericRecord source = record(envelope.getField("source").schema(), Map.of("db", "inventory"));
    int id = register(topic + "-value", envelope);
    String[][] events = {{null, "a", "c"}, {"a", "b", "u"}, {"b", null, "d"}};
    for (String[] event : events) {
      Map<String, Object> fields = new HashMap<>();
      fields.put("source", source);
      fields.put("op", event[2]);
      fields.put("ts_ms", 1L);
      if (event[0] != null) {
        fields.put("before", record(valueSchema, Map.of("id", 1, "name", event[0])));
      }
      if (event[1] != null) {
        fields.put("after", record(valueSchema, Map.of("id", 1, "name", event[1])));
      }
      send(topic, framed(id, record(envelope, fields)));
    }
    send(topic, null); // Debezium's tombstone after a delete
    send(
        topic,
        framed(
            id,
            record(
                envelope,
                Map.of(
                    "after",
                    record(valueSchema, Map.of("id", 2, "name", "c")),
                    "source",
                    source,
                    "op",
                    "r"))));
    producer.flush();

    Schema table =
        Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();
    Map<String, String> options = debeziumOptions(topic);
    Run run =
        runBoundedWithResult(
            KafkaConnectorIO.read()
                .withOptions(options)
                .withSchema(table)
                .withMetadataColumn("kind", "value.row-kind"));
    assertEquals(
        List.of("1|a|+I", "1|a|-U", "1|b|+U", "1|b|-D", "2|c|+I"),
        texts(run.rows()).stream().sorted().toList());
    assertEquals(1L, run.counter("kafka-connector", "debezium-avro-confluent.tombstones-skipped"));

    String copy = newTopic("debezium-avro-copy", 1);
    Schema withKind =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("name", FieldType.STRING)
            .addStringField("kind")
            .build();
    Pipeline write = Pipeline.create(boundedOptions());
    write
        .apply(Create.of(run.rows()).withRowSchema(withKind))
        .apply(
            KafkaConnectorIO.write()
                .withBootstrapServers(KAFKA.bootstrapServers())
                .withTopic(copy)
                .withOptions(
                    Map.of(
                        "format",
                        "debezium-avro-confluent",
                        "debezium-avro-confluent.url",
                        REGISTRY.url()))
                .withMetadataColumn("kind", "row-kind"));
    assertEquals(PipelineResult.State.DONE, write.run().waitUntilFinish());
    List<Row> back =
        runBounded(
            KafkaConnectorIO.read()
                .withOptions(debeziumOptions(copy))
                .withSchema(table)
                .withMetadataColumn("kind", "value.row-kind"));
    // as Flink writes them: +I and +U as op c, -U and -D as op d
    assertEquals(
        List.of("1|a|+I", "1|a|-D", "1|b|+I", "1|b|-D", "2|c|+I"),
        texts(back).stream().sorted().toList());
  }

  private static Map<String, String> debeziumOptions(String topic) {
    Map<String, String> options = options(topic);
    options.remove("avro-confluent.url");
    options.put("format", "debezium-avro-confluent");
    options.put("debezium-avro-confluent.url", REGISTRY.url());
    return options;
  }

  private static void assertContains(List<String> reasons, String offset, String text) {
    assertTrue(
        reasons.stream().anyMatch(r -> r.contains(offset) && r.contains(text)),
        "a reason with '" + offset + "' and '" + text + "' in " + reasons);
  }

  private static List<String> texts(List<Row> rows) {
    List<String> out = new ArrayList<>();
    for (Row row : rows) {
      StringBuilder text = new StringBuilder();
      for (Object value : row.getValues()) {
        text.append(text.length() == 0 ? "" : "|").append(value);
      }
      out.add(text.toString());
    }
    return out;
  }

  private static org.apache.avro.Schema avro(String json) {
    return new org.apache.avro.Schema.Parser().parse(json);
  }

  private static GenericRecord record(org.apache.avro.Schema schema, Map<String, Object> values) {
    GenericData.Record record = new GenericData.Record(schema);
    values.forEach(record::put);
    return record;
  }

  /** A record as Confluent's serializer frames it: magic byte 0, the id, Avro binary. */
  private static byte[] framed(int id, GenericRecord record) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0);
    out.write(ByteBuffer.allocate(4).putInt(id).array());
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericRecord>(record.getSchema()).write(record, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  private static void send(String topic, byte[] value) {
    producer.sendRaw(new ProducerRecord<>(topic, 0, null, value));
  }

  private static int register(String subject, org.apache.avro.Schema schema) throws Exception {
    String body = JSON.createObjectNode().put("schema", schema.toString()).toString();
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(REGISTRY.url() + "/subjects/" + subject + "/versions"))
                .header("Content-Type", "application/vnd.schemaregistry.v1+json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), response.body());
    return JSON.readTree(response.body()).path("id").asInt();
  }

  private static JsonNode get(String path) throws Exception {
    HttpResponse<String> response =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(REGISTRY.url() + "/" + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, response.statusCode(), path + ": " + response.body());
    return JSON.readTree(response.body());
  }
}
