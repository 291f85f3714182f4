package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.runners.read.BadInputCorpus.Entry;
import dev.kafkaconnector.runners.read.BadInputCorpus.Outcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bad-input corpus ({@link BadInputCorpus}) of each format through Kafka and the reader, under
 * each policy: fail (the job fails naming the first bad record's offset), {@code
 * ingestion.ignore-errors} with and without {@code ingestion.error-tolerance.max-count}, the
 * format's {@code ignore-parse-errors}, and the dead-letter output. In every run that ends, each
 * record is accounted for: in the output, in the dead-letter output (with its reason and
 * coordinates) or in a counter; the counts add up to the records produced.
 */
abstract class AbstractBadInputITCase extends ReadITSupport {
  private static final int TEN_MB_TOPIC_LIMIT = 16 * 1024 * 1024;

  /** Produces the corpus to a new one-partition topic; the i-th entry is at offset i. */
  String load(String format, BadInputCorpus corpus) throws Exception {
    String topic = KAFKA.newTopicName("bad-" + format);
    KAFKA.createTopic(topic, 1, Map.of("max.message.bytes", String.valueOf(TEN_MB_TOPIC_LIMIT)));
    try (KafkaProducer<byte[], byte[]> big =
        new KafkaProducer<>(
            Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                KAFKA.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class,
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG,
                TEN_MB_TOPIC_LIMIT,
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true))) {
      for (Entry e : corpus.entries()) {
        big.send(e.record(topic)).get();
      }
    }
    return topic;
  }

  KafkaConnectorRead read(String topic, String format) {
    return boundedRead(topic)
        .withOption("format", format)
        .withOptions(BadInputCorpus.options(format))
        .withSchema(BadInputCorpus.schema(format));
  }

  private KafkaConnectorRead boundedRead(String topic) {
    return dev.kafkaconnector.io.KafkaConnectorIO.read()
        .withOptions(
            Map.of(
                "properties.bootstrap.servers",
                KAFKA.bootstrapServers(),
                "topic",
                topic,
                "scan.startup.mode",
                "earliest-offset",
                "scan.bounded.mode",
                "latest-offset",
                "properties.max.partition.fetch.bytes",
                String.valueOf(TEN_MB_TOPIC_LIMIT)));
  }

  static List<Long> ids(List<Row> rows) {
    List<Long> out = new ArrayList<>();
    rows.forEach(r -> out.add(BadInputCorpus.id(r)));
    out.sort(null);
    return out;
  }

  long skipCounters(Run run, BadInputCorpus corpus) {
    return corpus.entries().stream()
        .filter(e -> e.outcome() == Outcome.SKIPPED)
        .map(Entry::counter)
        .distinct()
        .mapToLong(name -> run.counter("kafka-connector", name))
        .sum();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "json",
        "csv",
        "avro",
        "protobuf",
        "raw",
        "debezium-json",
        "canal-json",
        "maxwell-json"
      })
  void everyRecordIsAccountedForUnderEveryPolicy(String format) throws Exception {
    BadInputCorpus corpus =
        BadInputCorpus.of(format, format.equals("json") || format.equals("raw"));
    String topic = load(format, corpus);
    long bad = corpus.count(Outcome.BAD);
    long total = corpus.entries().size();
    int firstBad = -1;
    for (int i = 0; i < corpus.entries().size() && firstBad < 0; i++) {
      if (corpus.entries().get(i).outcome() == Outcome.BAD) {
        firstBad = i;
      }
    }

    // Fail (the default): the job fails, naming the first bad record.
    Exception failed = assertThrows(Exception.class, () -> runBounded(read(topic, format)));
    assertMessageContains(failed, "offset " + firstBad);
    assertMessageContains(failed, "'" + topic + "'");

    // ingestion.ignore-errors: good rows out, every bad record counted.
    Run ignored =
        runBoundedWithResult(read(topic, format).withOption("ingestion.ignore-errors", "true"));
    assertEquals(corpus.goodIds(), ids(ignored.rows()), format + ": the good records' rows");
    assertEquals(
        bad,
        ignored.counter("kafka-connector", "numRecordsInErrors"),
        format + ": bad records counted");
    assertEquals(
        corpus.count(Outcome.SKIPPED), skipCounters(ignored, corpus), format + ": skips counted");
    assertEquals(
        total,
        corpus.count(Outcome.ROWS) + bad + skipCounters(ignored, corpus),
        "the counts add up");

    // With max-count: up to the count tolerated, one more fails naming the option.
    Run atLimit =
        runBoundedWithResult(
            read(topic, format)
                .withOptions(
                    Map.of(
                        "ingestion.ignore-errors",
                        "true",
                        "ingestion.error-tolerance.max-count",
                        String.valueOf(bad))));
    assertEquals(corpus.goodIds(), ids(atLimit.rows()));
    Exception overLimit =
        assertThrows(
            Exception.class,
            () ->
                runBounded(
                    read(topic, format)
                        .withOptions(
                            Map.of(
                                "ingestion.ignore-errors",
                                "true",
                                "ingestion.error-tolerance.max-count",
                                String.valueOf(bad - 1)))));
    assertMessageContains(overLimit, "ingestion.error-tolerance.max-count = " + (bad - 1));

    // The format's ignore-parse-errors (where the format has it): nothing fails; a bad record
    // becomes a row with null fields or is skipped, and each is counted.
    if (BadInputCorpus.hasIgnoreParseErrors(format)) {
      Run lenient =
          runBoundedWithResult(
              read(topic, format).withOption(format + ".ignore-parse-errors", "true"));
      assertTrue(
          ids(lenient.rows()).containsAll(corpus.goodIds()), format + ": " + ids(lenient.rows()));
      long rowsOfBad = lenient.rows().size() - corpus.goodIds().size();
      long counted =
          lenient.counter("kafka-connector", format + ".ignored-parse-errors")
              + lenient.counter("kafka-connector", "numRecordsInErrors");
      assertTrue(
          counted >= 1 && rowsOfBad + counted >= bad,
          format
              + ": each bad record is a row or counted ("
              + rowsOfBad
              + " rows, "
              + counted
              + " counted, "
              + bad
              + " bad)");
    }

    // Dead-letter output: good rows out, each bad record there with its offset and reason.
    Pipeline pipeline = Pipeline.create(boundedOptions());
    AbstractKeyValueAndErrorsITCase.BadRecordSink dead =
        new AbstractKeyValueAndErrorsITCase.BadRecordSink();
    CollectingSink sink = new CollectingSink();
    try (BadRecordErrorHandler<PDone> handler = pipeline.registerBadRecordErrorHandler(dead)) {
      pipeline.apply(read(topic, format).withBadRecordErrorHandler(handler)).apply(sink);
    }
    PipelineResult result = pipeline.run();
    result.waitUntilFinish();
    assertEquals(corpus.goodIds(), ids(sink.rows()));
    List<BadRecord> records = dead.records();
    assertEquals(bad, records.size(), format + ": " + records);
    TreeSet<Long> expectedOffsets = new TreeSet<>();
    for (int i = 0; i < corpus.entries().size(); i++) {
      if (corpus.entries().get(i).outcome() == Outcome.BAD) {
        expectedOffsets.add((long) i);
      }
    }
    TreeSet<Long> offsets = new TreeSet<>();
    Map<Long, String> reasons = new HashMap<>();
    for (BadRecord r : records) {
      Row kafka =
          RowCoder.of(BadRecordSchema.KAFKA_RECORD)
              .decode(new java.io.ByteArrayInputStream(r.getRecord().getEncodedRecord()));
      assertEquals(topic, kafka.getString("topic"));
      offsets.add(kafka.getInt64("offset"));
      reasons.put(kafka.getInt64("offset"), r.getFailure().getDescription());
    }
    assertEquals(expectedOffsets, offsets, format + ": the bad records' offsets");
    reasons.forEach(
        (offset, reason) ->
            assertTrue(reason.contains("offset " + offset), "reason names the record: " + reason));
  }
}
