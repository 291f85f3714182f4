package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.MetadataColumn;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

class SinkOptionsParserTest {
  private static final Schema INPUT =
      Schema.builder()
          .addInt64Field("id")
          .addStringField("name")
          .addNullableField("ts", FieldType.DATETIME)
          .addNullableField("kind", FieldType.STRING)
          .build();

  private static Map<String, String> minimal(String... more) {
    Map<String, String> m = new HashMap<>();
    m.put("properties.bootstrap.servers", "b:9092");
    m.put("topic", "out");
    m.put("format", "json");
    for (int i = 0; i < more.length; i += 2) {
      m.put(more[i], more[i + 1]);
    }
    return m;
  }

  private static SinkOptionsParser.ParsedSink parse(
      Map<String, String> options, MetadataColumn... typed) {
    return SinkOptionsParser.parse("sink-1", options, INPUT, List.of(typed));
  }

  private static void fails(Map<String, String> options, String... fragments) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(options));
    for (String f : fragments) {
      assertTrue(e.getMessage().contains(f), "'" + f + "' not in: " + e.getMessage());
    }
  }

  @Test
  void defaults() {
    SinkSpec spec = parse(minimal()).spec();
    assertEquals("out", spec.topic());
    assertEquals("default", spec.partitioner());
    assertEquals(DeliveryGuarantee.AT_LEAST_ONCE, spec.guarantee());
    assertNull(spec.parallelism());
  }

  @Test
  void encodesKeyValueAndMetadata() throws Exception {
    RowRecordEncoder encoder =
        parse(
                minimal(
                    "key.format", "json", "key.fields", "id", "value.fields-include", "EXCEPT_KEY"),
                new MetadataColumn("ts", "timestamp"))
            .encoder();
    Row row = Row.withSchema(INPUT).addValues(7L, "n", new Instant(42L), null).build();
    EncodedRecord record = encoder.encode(row);
    assertEquals("out", record.topic());
    assertEquals("{\"id\":7}", new String(record.key(), StandardCharsets.UTF_8));
    assertEquals(
        "{\"name\":\"n\",\"kind\":null}", new String(record.value(), StandardCharsets.UTF_8));
    assertEquals(42L, record.timestamp());
  }

  @Test
  void insertOnlyFormatsRejectOtherChangeKinds() throws Exception {
    SinkOptionsParser.ParsedSink sink = parse(minimal(), new MetadataColumn("kind", "row-kind"));
    assertTrue(sink.warnings().get(0).contains("inserts only"), sink.warnings().toString());
    Row delete = Row.withSchema(INPUT).addValues(1L, "n", null, "-D").build();
    BadRowException e = assertThrows(BadRowException.class, () -> sink.encoder().encode(delete));
    assertEquals("row-kind", e.column());
    assertTrue(e.getMessage().contains("upsert-kafka"), e.getMessage());
  }

  @Test
  void changelogFormatsTakeTheChangeKind() throws Exception {
    RowRecordEncoder encoder =
        parse(minimal("format", "debezium-json"), new MetadataColumn("kind", "row-kind")).encoder();
    assertTrue(encoder.writesUpdates());
    Row delete = Row.withSchema(INPUT).addValues(1L, "n", null, "-D").build();
    String value = new String(encoder.encode(delete).value(), StandardCharsets.UTF_8);
    assertTrue(value.contains("\"op\":\"d\""), value);
  }

  @Test
  void exactlyOnceTakesAPrefixAndRejectsATransactionalId() {
    SinkSpec spec =
        parse(
                minimal(
                    "sink.delivery-guarantee",
                    "exactly-once",
                    "sink.transactional-id-prefix",
                    "orders"))
            .spec();
    assertEquals(DeliveryGuarantee.EXACTLY_ONCE, spec.guarantee());
    assertEquals("orders", spec.transactionalIdPrefix());
    fails(
        minimal("sink.delivery-guarantee", "exactly-once", "sink.transactional-id-prefix", " "),
        "'sink.transactional-id-prefix'");
    fails(
        minimal(
            "sink.delivery-guarantee",
            "exactly-once",
            "sink.transactional-id-prefix",
            "p",
            "properties.transactional.id",
            "mine"),
        "'properties.transactional.id'");
    fails(
        minimal(
            "sink.delivery-guarantee",
            "exactly-once",
            "sink.transactional-id-prefix",
            "p",
            "properties.transaction.timeout.ms",
            "1h"),
        "'properties.transaction.timeout.ms'",
        "1h");
    assertTrue(
        parse(minimal("sink.transactional-id-prefix", "p")).warnings().stream()
            .anyMatch(w -> w.contains("has no effect")));
  }

  @Test
  void constructionErrorsNameTheKey() {
    fails(minimal("sink.delivery-guarantee", "exactly-once"), "'sink.transactional-id-prefix'");
    fails(
        minimal("sink.partitioner", "org.example.Missing"),
        "'sink.partitioner'",
        "org.example.Missing");
    fails(
        minimal("sink.partitioner", "java.lang.String"),
        "'sink.partitioner'",
        "does not implement");
    fails(minimal("properties.value.serializer", "x"), "'properties.value.serializer'");
    fails(minimal("properties.acks", "some"), "'properties.acks'");
    fails(minimal("sink.parallelism", "0"), "'sink.parallelism'");
    fails(minimal("scan.startup.mode", "earliest-offset"), "option of a Kafka source");
    fails(minimal("sink.partitoner", "fixed"), "did you mean 'sink.partitioner'?");
    Map<String, String> noTopic = minimal();
    noTopic.remove("topic");
    fails(noTopic, "'topic'");
    fails(minimal("metadata.list", "offset"), "'offset'", "cannot be written");
    fails(minimal("metadata.list", "partition"), "'partition'", "not in the input");
  }

  /**
   * A value format's writable metadata ({@code value.<key>}) is a metadata column of the sink: the
   * value encoder writes it into the message; a key the format does not write fails naming the keys
   * it writes.
   */
  @Test
  void valueFormatMetadataIsWrittenIntoTheMessage() throws Exception {
    Map<String, String> canal = minimal("format", "canal-json");
    SinkOptionsParser.ParsedSink sink = parse(canal, new MetadataColumn("name", "value.table"));
    Row row = Row.withSchema(INPUT).addValues(1L, "users", null, null).build();
    String json =
        new String(sink.encoder().encode(row).value(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(json.contains("\"table\":\"users\""), json);
    assertTrue(json.contains("\"data\":[{\"id\":1,"), json);
    assertTrue(!json.contains("\"name\""), json);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(minimal(), new MetadataColumn("name", "value.table")));
    assertTrue(e.getMessage().contains("value format 'json' writes no metadata"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(canal, new MetadataColumn("name", "value.operation-type")));
    assertTrue(e.getMessage().contains("value.database"), e.getMessage());
  }

  @Test
  void secretsStayOutOfDisplayDataAndToString() {
    String secret = "pw-S3cret-Sink";
    KafkaConnectorWrite write =
        KafkaConnectorIO.write()
            .withOptions(
                minimal(
                    "properties.sasl.jaas.config",
                    "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\""
                        + " password=\""
                        + secret
                        + "\";",
                    "properties.ssl.truststore.password",
                    secret));
    assertFalse(DisplayData.from(write).toString().contains(secret));
    assertFalse(write.toString().contains(secret));
    assertFalse(parse(write.options()).spec().toString().contains(secret));
  }

  @Test
  void upsertTables() throws Exception {
    Map<String, String> upsert = minimal("connector", "upsert-kafka", "key.format", "json");
    SinkOptionsParser.ParsedSink sink =
        SinkOptionsParser.parse(
            "s", upsert, INPUT, List.of(new MetadataColumn("kind", "row-kind")), List.of("id"));
    assertTrue(sink.spec().upsert());
    Row delete = Row.withSchema(INPUT).addValues(1L, "n", null, "-D").build();
    EncodedRecord tombstone = sink.encoder().encode(delete);
    assertEquals("{\"id\":1}", new String(tombstone.key(), StandardCharsets.UTF_8));
    assertNull(tombstone.value());
    assertNull(sink.encoder().encode(Row.withSchema(INPUT).addValues(1L, "n", null, "-U").build()));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SinkOptionsParser.parse("s", upsert, INPUT, List.of(), List.of()));
    assertTrue(e.getMessage().contains("primary key"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SinkOptionsParser.parse(
                    "s", minimal("connector", "upsert-kafka"), INPUT, List.of(), List.of("id")));
    assertTrue(e.getMessage().contains("'key.format'"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SinkOptionsParser.parse("s", minimal(), INPUT, List.of(), List.of("id")));
    assertTrue(e.getMessage().contains("upsert-kafka"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> parse(minimal("sink.buffer-flush.max-rows", "10")));
    assertTrue(e.getMessage().contains("upsert-kafka"), e.getMessage());
  }
}
