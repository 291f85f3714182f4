package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.io.KafkaConnectorRead;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * Each format read end to end from a real topic, with key fields, prefixes and metadata columns,
 * and with its ignore-parse-errors behaviour visible in the Beam counter.
 */
abstract class AbstractFormatsITCase extends ReadITSupport {

  KafkaConnectorRead bounded(String topic) {
    return source(topic)
        .withOptions(Map.of("scan.startup.mode", "earliest-offset", "scan.bounded.mode", "latest-offset"));
  }

  @Test
  void csvValuesWithARawKeyAndMetadata() {
    String topic = newTopic("csv", 1);
    producer.send(topic, 0, null, "k1", "1|apple|1.50|red;green");
    producer.send(topic, 0, null, "k2", "2|\"pear, ripe\"|0.99|");
    producer.flush();
    Schema schema =
        Schema.builder()
            .addStringField("k")
            .addInt64Field("id")
            .addStringField("name")
            .addDecimalField("price")
            .addNullableField("tags", FieldType.array(FieldType.STRING))
            .build();
    List<Row> rows =
        runBounded(
            bounded(topic)
                .withOptions(
                    Map.of(
                        "key.format", "raw",
                        "key.fields", "k",
                        "value.format", "csv",
                        "value.fields-include", "EXCEPT_KEY",
                        "value.csv.field-delimiter", "|",
                        "metadata.list", "offset"))
                .withSchema(schema));
    assertEquals(2, rows.size());
    Row first = rows.stream().filter(r -> r.getInt64("offset") == 0L).findFirst().orElseThrow();
    assertEquals("k1", first.getString("k"));
    assertEquals(1L, first.getInt64("id"));
    assertEquals("apple", first.getString("name"));
    assertEquals(new BigDecimal("1.50"), first.getDecimal("price"));
    assertEquals(List.of("red", "green"), first.getArray("tags"));
    Row second = rows.stream().filter(r -> r.getInt64("offset") == 1L).findFirst().orElseThrow();
    assertEquals("pear, ripe", second.getString("name"));
  }

  @Test
  void csvIgnoreParseErrorsIsCountedAndTheDefaultFails() {
    String topic = newTopic("csv-bad", 1);
    producer.send(topic, 0, null, null, "1,ok");
    producer.send(topic, 0, null, null, "two,bad-id");
    producer.flush();
    Schema schema =
        Schema.builder().addNullableField("id", FieldType.INT64).addStringField("name").build();
    KafkaConnectorRead read = bounded(topic).withOption("format", "csv").withSchema(schema);
    Exception e = assertThrows(Exception.class, () -> runBounded(read));
    assertMessageContains(e, "offset 1");
    assertMessageContains(e, "'csv'");

    Run run = runBoundedWithResult(read.withOption("csv.ignore-parse-errors", "true"));
    assertEquals(2, run.rows().size());
    Row bad = run.rows().stream().filter(r -> r.getString("name").equals("bad-id")).findFirst().orElseThrow();
    assertNull(bad.getValue("id"), "the field that did not parse becomes null");
    assertEquals(1L, run.counter("kafka-connector", "csv.ignored-parse-errors"));
  }
}
