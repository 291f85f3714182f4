package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorRead;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * End-to-end cases for the key/value row layout and for what happens to records that cannot be
 * decoded (dead-letter output, skip with a count, fail), on each runner.
 */
abstract class AbstractKeyValueAndErrorsITCase extends ReadITSupport {
  static final byte[] INVALID_UTF8 = {(byte) 0xC3, (byte) 0x28};

  KafkaConnectorRead bounded(String topic) {
    return source(topic)
        .withOptions(
            Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset"));
  }

  @Test
  void keyAndValueColumnsWithPrefixes() {
    String topic = newTopic("kv", 1);
    producer.send(topic, 0, null, "k1", "v1");
    producer.send(topic, 0, null, null, "no-key");
    producer.flush();
    Schema schema =
        Schema.builder()
            .addNullableField("key_id", Schema.FieldType.STRING)
            .addStringField("val_name")
            .build();
    List<Row> rows =
        runBounded(
            bounded(topic)
                .withOptions(
                    Map.of(
                        "key.format", "raw",
                        "key.fields", "key_id",
                        "key.fields-prefix", "key_",
                        "value.format", "raw",
                        "value.fields-prefix", "val_",
                        "value.fields-include", "EXCEPT_KEY",
                        "metadata.list", "offset"))
                .withSchema(schema));
    Set<String> got = new TreeSet<>();
    rows.forEach(
        r ->
            got.add(
                r.getString("key_id")
                    + "/"
                    + r.getString("val_name")
                    + "@"
                    + r.getInt64("offset")));
    assertEquals(Set.of("k1/v1@0", "null/no-key@1"), got);
  }

  @Test
  void keyColumnAlsoInValueFollowsTheDuplicateFieldStrategy() {
    String topic = newTopic("dup-field", 1);
    producer.send(topic, 0, null, "same", "same");
    producer.send(topic, 0, null, "key-side", "value-side");
    producer.flush();
    Schema schema = Schema.builder().addStringField("id").build();
    Map<String, String> layout =
        Map.of("key.format", "raw", "key.fields", "id", "value.format", "raw");
    assertEquals(
        Set.of("same", "key-side"),
        stringSet(
            runBounded(
                bounded(topic)
                    .withOptions(layout)
                    .withSchema(schema)
                    .withOption("scan.duplicate-field.strategy", "PREFER_KEY")),
            "id"));
    assertEquals(
        Set.of("same", "value-side"),
        stringSet(
            runBounded(
                bounded(topic)
                    .withOptions(layout)
                    .withSchema(schema)
                    .withOption("scan.duplicate-field.strategy", "PREFER_VALUE")),
            "id"));
    Exception e =
        assertThrows(
            Exception.class,
            () -> runBounded(bounded(topic).withOptions(layout).withSchema(schema)));
    assertMessageContains(e, "column 'id' is in both key and value");
    assertMessageContains(e, "offset 1");
  }

  @Test
  void badRecordsGoToTheDeadLetterOutputWithTheirCoordinates() throws Exception {
    String topic = newTopic("dlq", 1);
    producer.send(topic, 0, null, "k0", "good-1");
    producer.sendRaw(
        new ProducerRecord<>(topic, 0, "bad-key".getBytes(StandardCharsets.UTF_8), INVALID_UTF8));
    producer.send(topic, 0, null, null, "good-2");
    producer.flush();

    Pipeline pipeline = Pipeline.create(boundedOptions());
    BadRecordSink badSink = new BadRecordSink();
    BadRecordErrorHandler<PDone> handler = pipeline.registerBadRecordErrorHandler(badSink);
    CollectingSink sink = new CollectingSink();
    pipeline.apply(bounded(topic).withBadRecordErrorHandler(handler)).apply(sink);
    handler.close();
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();

    assertEquals(Set.of("good-1", "good-2"), values(sink.rows()));
    List<BadRecord> bad = badSink.records();
    assertEquals(1, bad.size(), bad.toString());
    BadRecord record = bad.get(0);
    Row kafkaRecord =
        RowCoder.of(schemaOf(record))
            .decode(new java.io.ByteArrayInputStream(record.getRecord().getEncodedRecord()));
    assertEquals(topic, kafkaRecord.getString("topic"));
    assertEquals(0, kafkaRecord.getInt32("partition"));
    assertEquals(1L, kafkaRecord.getInt64("offset"));
    assertArrayEquals("bad-key".getBytes(StandardCharsets.UTF_8), kafkaRecord.getBytes("key"));
    assertArrayEquals(INVALID_UTF8, kafkaRecord.getBytes("value"));
    String reason = record.getFailure().getDescription();
    assertTrue(
        reason.contains("offset 1") && reason.contains("'raw'") && reason.contains("UTF-8"),
        reason);
  }

  @Test
  void ignoreErrorsSkipsBadRecordsUntilTheMaxCount() {
    String topic = newTopic("ignore", 1);
    producer.send(topic, 0, null, null, "good-1");
    producer.sendRaw(new ProducerRecord<>(topic, 0, null, INVALID_UTF8));
    producer.sendRaw(new ProducerRecord<>(topic, 0, null, INVALID_UTF8));
    producer.send(topic, 0, null, null, "good-2");
    producer.flush();
    assertEquals(
        Set.of("good-1", "good-2"),
        values(runBounded(bounded(topic).withOption("ingestion.ignore-errors", "true"))));
    Exception e =
        assertThrows(
            Exception.class,
            () ->
                runBounded(
                    bounded(topic)
                        .withOptions(
                            Map.of(
                                "ingestion.ignore-errors", "true",
                                "ingestion.error-tolerance.max-count", "1"))));
    assertMessageContains(e, "more than ingestion.error-tolerance.max-count = 1");
    Exception failFast = assertThrows(Exception.class, () -> runBounded(bounded(topic)));
    assertMessageContains(failFast, "partition 0 offset 1");
  }

  private static Schema schemaOf(BadRecord record) {
    return dev.kafkaconnector.runners.read.BadRecordSchema.KAFKA_RECORD;
  }

  private static Set<String> stringSet(List<Row> rows, String field) {
    Set<String> out = new TreeSet<>();
    rows.forEach(r -> out.add(r.getString(field)));
    return out;
  }

  /** Collects bad records into this JVM. */
  static final class BadRecordSink extends PTransform<PCollection<BadRecord>, PDone> {
    private static final Map<String, Queue<BadRecord>> RECORDS = new ConcurrentHashMap<>();
    private final String id = UUID.randomUUID().toString();

    BadRecordSink() {
      RECORDS.put(id, new ConcurrentLinkedQueue<>());
    }

    List<BadRecord> records() {
      return List.copyOf(RECORDS.get(id));
    }

    @Override
    public PDone expand(PCollection<BadRecord> input) {
      String sinkId = id;
      input.apply(
          "CollectBadRecords",
          ParDo.of(
              new DoFn<BadRecord, Void>() {
                @ProcessElement
                public void process(@Element BadRecord record) {
                  RECORDS.get(sinkId).add(record);
                }
              }));
      return PDone.in(input.getPipeline());
    }
  }
}
