package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.extensions.sql.SqlTransform;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.Group;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.Sum;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.FixedWindows;
import org.apache.beam.sdk.transforms.windowing.IntervalWindow;
import org.apache.beam.sdk.transforms.windowing.Window;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code read()} without {@code withSchema} on each runner: the schema inferred when the transform
 * is applied is the output's Beam schema, so {@link SqlTransform} and schema transforms use it as
 * if declared; flattened columns and the key's columns arrive filled; a later record that does not
 * fit follows the bad-record policy.
 */
abstract class AbstractInferredReadITCase extends ReadITSupport {
  static final long T0 = 1_700_000_000_000L; // a whole minute

  /** Options for the windowed aggregation job (a bounded read; on Flink a streaming job). */
  protected abstract PipelineOptions windowedOptions();

  KafkaConnectorRead inferred(String topic, String... more) {
    KafkaConnectorRead read =
        KafkaConnectorIO.read()
            .withOptions(
                Map.of(
                    "properties.bootstrap.servers", KAFKA.bootstrapServers(),
                    "topic", topic,
                    "format", "json",
                    "scan.startup.mode", "earliest-offset",
                    "scan.bounded.mode", "latest-offset"));
    for (int i = 0; i < more.length; i += 2) {
      read = read.withOption(more[i], more[i + 1]);
    }
    return read;
  }

  String orders() {
    String topic = newTopic("infer-orders", 2);
    for (int i = 0; i < 12; i++) {
      String price = i % 3 == 0 ? Integer.toString(i) : i + ".5";
      String created = "2024-01-0" + (1 + i % 3) + " 10:00:00";
      String value =
          "{\"id\": "
              + i
              + ", \"shop\": \"s"
              + (i % 2)
              + "\", \"price\": "
              + price
              + ", \"created\": \""
              + created
              + "\", \"address\": {\"city\": \"c"
              + (i % 3)
              + "\"}"
              + (i % 4 == 0 ? ", \"note\": \"n\"" : "")
              + "}";
      producer.send(topic, i % 2, T0 + i * 20_000L, "{\"order\": " + i + "}", value);
    }
    producer.flush();
    return topic;
  }

  @Test
  void inferredRowsFeedASqlTransform() {
    String topic = orders();
    Pipeline pipeline = Pipeline.create(boundedOptions());
    PCollection<Row> rows =
        pipeline.apply(inferred(topic, "key.format", "json", "key.fields-prefix", "k_"));
    PCollection<Row> result =
        rows.apply(
            SqlTransform.query(
                "SELECT k_order, shop, price, CAST(created AS VARCHAR) AS created, note"
                    + " FROM PCOLLECTION WHERE price > 5"));
    CollectingSink sink = new CollectingSink();
    result.apply(sink);
    assertEquals(PipelineResult.State.DONE, pipeline.run().waitUntilFinish());
    Set<String> got = new TreeSet<>();
    for (Row r : sink.rows()) {
      got.add(
          r.getInt64("k_order")
              + "/"
              + r.getString("shop")
              + "/"
              + r.getDouble("price")
              + "/"
              + r.getString("created").substring(0, 10)
              + "/"
              + r.getString("note"));
    }
    Set<String> expected = new TreeSet<>();
    for (int i = 6; i < 12; i++) {
      double price = i % 3 == 0 ? i : i + 0.5;
      expected.add(
          i
              + "/s"
              + (i % 2)
              + "/"
              + price
              + "/2024-01-0"
              + (1 + i % 3)
              + "/"
              + (i % 4 == 0 ? "n" : "null"));
    }
    expected.add("5/s1/5.5/2024-01-03/null");
    assertEquals(expected, got);
  }

  @Test
  void flattenedColumnsArriveFilled() {
    String topic = orders();
    List<Row> rows =
        runBounded(inferred(topic, "json.infer-schema.flatten-nested-columns.enable", "true"));
    assertEquals(12, rows.size());
    Set<String> got = new TreeSet<>();
    rows.forEach(r -> got.add(r.getInt64("id") + ":" + r.getString("address.city")));
    Set<String> expected = new TreeSet<>();
    for (int i = 0; i < 12; i++) {
      expected.add(i + ":c" + (i % 3));
    }
    assertEquals(expected, got);
  }

  @Test
  void windowedAggregationOverInferredColumns() {
    String topic = orders();
    Pipeline pipeline = Pipeline.create(windowedOptions());
    Schema out = Schema.builder().addStringField("line").build();
    PCollection<Row> totals =
        pipeline
            .apply(inferred(topic))
            .apply(Window.into(FixedWindows.of(Duration.standardMinutes(1))))
            .apply(
                Group.<Row>byFieldNames("shop").aggregateField("price", Sum.ofDoubles(), "total"))
            .apply(ParDo.of(new WindowLine()))
            .setRowSchema(out);
    CollectingSink sink = new CollectingSink();
    totals.apply(sink);
    pipeline.run().waitUntilFinish();
    Set<String> got = new TreeSet<>();
    sink.rows().forEach(r -> got.add(r.getString("line")));
    // Records every 20 s from a whole minute: three per minute, alternating shops.
    Set<String> expected = new TreeSet<>();
    java.util.Map<String, Double> sums = new java.util.TreeMap<>();
    for (int i = 0; i < 12; i++) {
      long window = (T0 + i * 20_000L) / 60_000L * 60_000L;
      double price = i % 3 == 0 ? i : i + 0.5;
      sums.merge(window + "/s" + (i % 2), price, Double::sum);
    }
    sums.forEach((k, v) -> expected.add(k + "=" + v));
    assertEquals(expected, got);
  }

  /** "windowStartMillis/shop=total" of a grouped row. */
  static final class WindowLine extends DoFn<Row, Row> {
    @ProcessElement
    public void process(@Element Row row, BoundedWindow window, OutputReceiver<Row> out) {
      long start = ((IntervalWindow) window).start().getMillis();
      Row shop = row.getRow("key");
      Row total = row.getRow("value");
      Schema schema = Schema.builder().addStringField("line").build();
      out.output(
          Row.withSchema(schema)
              .addValue(start + "/" + shop.getString("shop") + "=" + total.getDouble("total"))
              .build());
    }
  }

  @Test
  void laterRecordsThatDoNotFitFollowTheBadRecordPolicy() {
    String topic = newTopic("infer-misfit", 1);
    producer.send(topic, 0, null, null, "{\"id\": \"not a number\"}");
    for (int i = 0; i < 3; i++) {
      producer.send(topic, 0, null, null, "{\"id\": " + i + "}");
    }
    producer.flush();
    // Only the latest 3 records are sampled: id is BIGINT, and the oldest record does not fit.
    Run run =
        runBoundedWithResult(
            inferred(topic, "scan.max.pre.fetch.records", "3", "ingestion.ignore-errors", "true"));
    Set<Long> ids = new TreeSet<>();
    run.rows().forEach(r -> ids.add(r.getInt64("id")));
    assertEquals(Set.of(0L, 1L, 2L), ids);
    assertEquals(1, run.counter("kafka-connector", "numRecordsInErrors"));
    Exception e =
        assertThrows(
            Exception.class, () -> runBounded(inferred(topic, "scan.max.pre.fetch.records", "3")));
    assertMessageContains(e, "offset 0");
  }
}
