package dev.kafkaconnector.runners.write;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.runners.proto.BadInputProto;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;

/**
 * Rows that cannot be written, per value format, next to rows that can: a change kind an
 * insert-only format cannot write, a record over {@code max.request.size}, a {@code partition}
 * column the topic does not have or that is negative, a timestamp before 1970, and each format's
 * own (a delimiter with quoting off, null for a non-null Avro field, a character outside the raw
 * charset, an unknown change kind). Each row says whether it must be written or go to the policy,
 * and what the reason must name.
 */
final class WriteCorpus {
  /** Columns of every sink but raw's: the physical ones, then the metadata ones. */
  static final Schema ROW =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("amount", FieldType.DOUBLE)
          .addNullableField("kind", FieldType.STRING)
          .addNullableField("p", FieldType.INT32)
          .addNullableField("ts", FieldType.DATETIME)
          .addNullableField(
              "hdrs", FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)))
          .build();

  /** Raw's columns: the key {@code k} ("r" + id), the value {@code name}, the metadata ones. */
  static final Schema RAW_ROW =
      Schema.builder()
          .addNullableField("k", FieldType.STRING)
          .addNullableField("name", FieldType.STRING)
          .addNullableField("kind", FieldType.STRING)
          .addNullableField("p", FieldType.INT32)
          .addNullableField("ts", FieldType.DATETIME)
          .addNullableField(
              "hdrs", FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)))
          .build();

  static final String AVRO_SCHEMA =
      "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
          + "{\"name\":\"name\",\"type\":\"string\"},"
          + "{\"name\":\"amount\",\"type\":[\"null\",\"double\"],\"default\":null}]}";

  static final List<String> FORMATS =
      List.of(
          "json", "csv", "avro", "protobuf", "raw", "debezium-json", "canal-json", "maxwell-json");

  /**
   * One row of a sink's input.
   *
   * @param written whether it must end up as a record in the topic
   * @param reason text the dead-letter reason (and the failed job's error) must contain
   * @param column the column the reason must name, or null
   */
  record Case(
      String label,
      long id,
      Row row,
      boolean written,
      @Nullable String reason,
      @Nullable String column) {
    @Override
    public String toString() {
      return label + " (id " + id + (written ? ", written)" : ", bad)");
    }
  }

  /** A sink of one format: its topic (one partition), its input and the case its fail run uses. */
  record Sink(
      String format,
      String topic,
      Schema schema,
      Map<String, String> options,
      List<Case> cases,
      Case failCase) {
    KafkaConnectorWrite write(String bootstrapServers) {
      return KafkaConnectorIO.write()
          .withBootstrapServers(bootstrapServers)
          .withTopic(topic)
          .withOptions(options)
          .withMetadataColumn("kind", "row-kind")
          .withMetadataColumn("p", "partition")
          .withMetadataColumn("ts", "timestamp")
          .withMetadataColumn("hdrs", "headers");
    }

    long written() {
      return cases.stream().filter(Case::written).count();
    }

    List<Row> rows() {
      return cases.stream().map(Case::row).toList();
    }

    /** The corpus id of an input row of this sink. */
    long id(Row row) {
      return schema == RAW_ROW
          ? Long.parseLong(row.getString("k").substring(1))
          : row.getInt64("id");
    }
  }

  private WriteCorpus() {}

  static boolean changelog(String format) {
    return format.endsWith("-json") && !format.equals("json");
  }

  /** The sink of {@code format} writing to {@code topic}; ids start at {@code base}. */
  static Sink of(String format, String topic, long base) {
    boolean raw = format.equals("raw");
    boolean insertOnly = !changelog(format);
    Map<String, String> options = new HashMap<>();
    options.put("value.format", format);
    if (raw) {
      options.putAll(
          Map.of(
              "key.format",
              "raw",
              "key.fields",
              "k",
              "value.fields-include",
              "EXCEPT_KEY",
              "raw.charset",
              "US-ASCII"));
    } else {
      options.putAll(Map.of("key.format", "json", "key.fields", "id"));
    }
    switch (format) {
      case "csv" -> options.put("value.csv.disable-quote-character", "true");
      case "avro" -> options.put("value.avro.schema", AVRO_SCHEMA);
      case "protobuf" ->
          options.put("value.protobuf.message-class-name", BadInputProto.Reading.class.getName());
      default -> {}
    }
    Builder b = new Builder(raw ? RAW_ROW : ROW, base);
    Map<String, byte[]> nullHeader = new HashMap<>();
    nullHeader.put("trace", null);
    b.good("+I with a header whose value is null", "a", "+I", 0, 1_700_000_000_000L, nullHeader);
    b.good("an empty name, no headers", "", "+I", null, null, null);
    b.row(
        "-D",
        "gone",
        "-D",
        null,
        null,
        null,
        !insertOnly,
        insertOnly ? "'-D'" : null,
        insertOnly ? "row-kind" : null);
    if (insertOnly) {
      b.bad("-U on an insert-only format", "before", "-U", null, null, "'-U'", "row-kind");
    }
    Case tooLarge =
        b.bad(
            "a 2 MB value, over the producer's max.request.size (1 MB)",
            "x".repeat(2 << 20),
            "+I",
            null,
            null,
            "max.request.size",
            null);
    Case partition =
        b.bad(
            "partition 7 of a one-partition topic",
            "p7",
            "+I",
            7,
            null,
            "partition 7 of topic '" + topic + "' does not exist",
            null);
    Case negative = b.bad("a negative partition", "p-1", "+I", -1, null, "negative", "p");
    Case timestamp = b.bad("a timestamp before 1970", "old", "+I", null, -1L, "1970", "ts");
    // Not here: an unpaired surrogate. Beam's StringUtf8Coder turns it into '?' at the first coder
    // boundary (Flink copies elements between operators with the coder), so it cannot reach the
    // sink reliably; the formats' own tests check that their encoders refuse it.
    Case own =
        switch (format) {
          case "csv" ->
              b.bad(
                  "a field delimiter with quoting disabled",
                  "a,b",
                  "+I",
                  null,
                  null,
                  "field delimiter",
                  "name");
          case "avro" ->
              b.bad(
                  "null for a non-null Avro string",
                  null,
                  "+I",
                  null,
                  null,
                  "not nullable",
                  "name");
          case "raw" ->
              b.bad("a character outside US-ASCII", "café", "+I", null, null, "US-ASCII", "name");
          case "debezium-json", "canal-json", "maxwell-json" ->
              b.bad("an unknown change kind", "k", "X", null, null, "'X'", "row-kind");
          default -> null;
        };
    b.good(
        "after the bad ones",
        "z",
        "+I",
        0,
        1_700_000_000_001L,
        Map.of("n", "1".getBytes(StandardCharsets.UTF_8)));
    // The fail runs use a different bad row per format, so that together they cover them all.
    Case failCase =
        switch (format) {
          case "json" -> partition;
          case "protobuf" -> negative;
          case "maxwell-json" -> timestamp;
          case "debezium-json" -> tooLarge;
          default -> own;
        };
    return new Sink(format, topic, b.schema, options, b.cases, failCase);
  }

  private static final class Builder {
    final Schema schema;
    final List<Case> cases = new ArrayList<>();
    long next;

    Builder(Schema schema, long base) {
      this.schema = schema;
      this.next = base;
    }

    Case good(
        String label, String name, String kind, Integer p, Long ts, Map<String, byte[]> headers) {
      return row(label, name, kind, p, ts, headers, true, null, null);
    }

    Case bad(
        String label, String name, String kind, Integer p, Long ts, String reason, String column) {
      return row(label, name, kind, p, ts, null, false, reason, column);
    }

    Case row(
        String label,
        String name,
        String kind,
        Integer p,
        Long ts,
        Map<String, byte[]> headers,
        boolean written,
        String reason,
        String column) {
      long id = next++;
      Instant time = ts == null ? null : new Instant(ts);
      Row row =
          schema == RAW_ROW
              ? Row.withSchema(schema).addValues("r" + id, name, kind, p, time, headers).build()
              : Row.withSchema(schema)
                  .addValues(id, name, id + 0.5, kind, p, time, headers)
                  .build();
      Case c = new Case(label, id, row, written, reason, column);
      cases.add(c);
      return c;
    }
  }
}
