package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.schema.SqlType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Bad input for every format, next to good records of the same topic: malformed bytes, wrong
 * types, a missing NOT NULL column, invalid UTF-8, null and empty values and keys, a 10 MB value,
 * 100,000-deep nesting, numbers and timestamps out of range, a changelog message with an unknown
 * operation, a header with a null value. Each entry says what a reader must make of it: rows (with
 * their ids), a bad record (the policy takes it), or a skip that a named counter records.
 */
final class BadInputCorpus {
  /** The table every format is read with. */
  static final Schema SCHEMA =
      SqlType.parseColumns("id BIGINT NOT NULL, name STRING, amount DOUBLE, ts TIMESTAMP(3)");

  static final byte[] INVALID_UTF8 = {'{', '"', 'i', 'd', '"', ':', '1', ',', '"', 'n', 'a', 'm', 'e', '"', ':', '"', (byte) 0xC3, 0x28, '"', '}'};

  /** What must become of an entry. */
  enum Outcome {
    ROWS,
    BAD,
    SKIPPED
  }

  /**
   * @param ids the ids of the rows it gives (ROWS)
   * @param counter the counter that records a skip (SKIPPED)
   */
  record Entry(
      String label,
      byte @Nullable [] key,
      byte @Nullable [] value,
      boolean nullHeader,
      Outcome outcome,
      List<Long> ids,
      @Nullable String counter) {

    ProducerRecord<byte[], byte[]> record(String topic) {
      ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, 0, null, key, value);
      if (nullHeader) {
        r.headers().add(new RecordHeader("trace", null));
      }
      return r;
    }

    @Override
    public String toString() {
      return label + " (" + outcome + ")";
    }
  }

  private final List<Entry> entries = new ArrayList<>();

  List<Entry> entries() {
    return entries;
  }

  private BadInputCorpus good(String label, byte[] key, String value, boolean nullHeader, long... ids) {
    return good(label, key, utf8(value), nullHeader, ids);
  }

  private BadInputCorpus good(String label, byte[] key, byte[] value, boolean nullHeader, long... ids) {
    List<Long> list = Arrays.stream(ids).boxed().toList();
    entries.add(new Entry(label, key, value, nullHeader, Outcome.ROWS, list, null));
    return this;
  }

  private BadInputCorpus bad(String label, byte @Nullable [] value) {
    entries.add(new Entry(label, null, value, false, Outcome.BAD, List.of(), null));
    return this;
  }

  private BadInputCorpus skipped(String label, byte @Nullable [] value, String counter) {
    entries.add(new Entry(label, null, value, false, Outcome.SKIPPED, List.of(), counter));
    return this;
  }

  static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String deepNesting(int depth) {
    return "[".repeat(depth) + "]".repeat(depth);
  }

  /** The corpus of {@code format}; {@code large} adds the 10 MB value (json only). */
  static BadInputCorpus of(String format, boolean large) {
    BadInputCorpus c = new BadInputCorpus();
    switch (format) {
      case "json" -> {
        c.good("a full row, null key", null, "{\"id\":1,\"name\":\"a\",\"amount\":1.5,\"ts\":\"2024-01-01 00:00:00\"}", false, 1)
            .good("nullable columns missing, empty key, a header with a null value", new byte[0], "{\"id\":2}", true, 2)
            .bad("malformed", utf8("{\"id\":3,\"name\":"))
            .bad("wrong type", utf8("{\"id\":\"abc\"}"))
            .bad("missing NOT NULL id", utf8("{\"name\":\"x\"}"))
            .bad("invalid UTF-8", INVALID_UTF8)
            .bad("100,000-deep nesting", utf8("{\"id\":5,\"name\":" + deepNesting(100_000) + "}"))
            .bad("number beyond BIGINT", utf8("{\"id\":123456789012345678901234567890}"))
            .bad("timestamp out of range", utf8("{\"id\":7,\"ts\":\"99999-13-45 25:61:61\"}"))
            .bad("empty value", new byte[0])
            .bad("null value (tombstone)", null)
            .good("after the bad ones", utf8("k"), "{\"id\":8,\"amount\":-0.0}", false, 8);
        if (large) {
          c.good("a 10 MB value", null, "{\"id\":9,\"name\":\"" + "x".repeat(10 * 1024 * 1024) + "\"}", false, 9);
        }
      }
      case "csv" ->
          c.good("a full row", null, "1,a,1.5,2024-01-01 00:00:00", true, 1)
              .good("nullable columns empty", new byte[0], "2,,,", false, 2)
              .bad("wrong type", utf8("abc,x,1,"))
              .bad("missing NOT NULL id", utf8(",x,1,"))
              .bad("invalid UTF-8", new byte[] {'4', ',', (byte) 0xC3, 0x28, ',', '1', ','})
              .bad("number beyond BIGINT", utf8("123456789012345678901234567890,a,,"))
              .bad("timestamp out of range", utf8("7,a,1,99999-13-45 25:61:61"))
              .bad("too few fields", utf8("7"))
              .bad("null value (tombstone)", null)
              .good("after the bad ones", utf8("k"), "8,b,2.5,", false, 8);
      case "avro" -> {
        byte[] one = encode("avro", Row.withSchema(SCHEMA).addValues(1L, "a", 1.5, null).build());
        byte[] two = encode("avro", Row.withSchema(SCHEMA).addValues(2L, null, null, null).build());
        c.good("a row", null, one, true, 1)
            .bad("truncated", Arrays.copyOf(one, one.length / 2))
            .bad("garbage", new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01})
            .bad("empty value", new byte[0])
            .bad("null value (tombstone)", null)
            .good("after the bad ones", new byte[0], two, false, 2);
      }
      case "debezium-json" ->
          c.good("an insert", null, "{\"before\":null,\"after\":{\"id\":1,\"name\":\"a\"},\"op\":\"c\"}", true, 1)
              .good("a delete", null, "{\"before\":{\"id\":2},\"after\":null,\"op\":\"d\"}", false, 2)
              .bad("unknown op", utf8("{\"before\":null,\"after\":{\"id\":3},\"op\":\"x\"}"))
              .bad("malformed", utf8("{\"before\":null,\"after\":"))
              .bad("wrong type", utf8("{\"before\":null,\"after\":{\"id\":\"abc\"},\"op\":\"c\"}"))
              .bad("missing NOT NULL id", utf8("{\"before\":null,\"after\":{\"name\":\"x\"},\"op\":\"c\"}"))
              .bad("invalid UTF-8", invalidUtf8In("{\"before\":null,\"after\":{\"id\":4,\"name\":\"", "\"},\"op\":\"c\"}"))
              .skipped("tombstone after a delete", null, "debezium-json.tombstones-skipped")
              .good("after the bad ones", null, "{\"before\":null,\"after\":{\"id\":8},\"op\":\"r\"}", false, 8);
      case "canal-json" ->
          c.good("an insert of two rows", null,
                  "{\"data\":[{\"id\":\"1\",\"name\":\"a\"},{\"id\":\"2\"}],\"type\":\"INSERT\",\"database\":\"d\",\"table\":\"t\"}", true, 1, 2)
              .bad("unknown type", utf8("{\"data\":[{\"id\":\"3\"}],\"type\":\"MERGE\",\"database\":\"d\",\"table\":\"t\"}"))
              .bad("wrong type", utf8("{\"data\":[{\"id\":\"abc\"}],\"type\":\"INSERT\",\"database\":\"d\",\"table\":\"t\"}"))
              .bad("missing NOT NULL id", utf8("{\"data\":[{\"name\":\"x\"}],\"type\":\"INSERT\",\"database\":\"d\",\"table\":\"t\"}"))
              .bad("malformed", utf8("{\"data\":[{\"id\":"))
              .skipped("a DDL message", utf8("{\"data\":null,\"type\":\"CREATE\",\"isDdl\":true,\"database\":\"d\",\"table\":\"t\",\"sql\":\"CREATE TABLE t (id INT)\"}"), "canal-json.ddl-skipped")
              .bad("null value (tombstone)", null)
              .good("after the bad ones", null, "{\"data\":[{\"id\":\"8\"}],\"type\":\"DELETE\",\"database\":\"d\",\"table\":\"t\"}", false, 8);
      case "maxwell-json" ->
          c.good("an insert", null, "{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"id\":1,\"name\":\"a\"}}", true, 1)
              .bad("unknown type", utf8("{\"database\":\"d\",\"table\":\"t\",\"type\":\"upsert\",\"data\":{\"id\":2}}"))
              .bad("wrong type", utf8("{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"id\":\"abc\"}}"))
              .bad("missing NOT NULL id", utf8("{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"name\":\"x\"}}"))
              .bad("number beyond BIGINT", utf8("{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"id\":123456789012345678901234567890}}"))
              .bad("malformed", utf8("{\"database\":"))
              .bad("null value (tombstone)", null)
              .good("a delete after the bad ones", null, "{\"database\":\"d\",\"table\":\"t\",\"type\":\"delete\",\"data\":{\"id\":8}}", false, 8);
      default -> throw new IllegalArgumentException(format);
    }
    return c;
  }

  private static byte[] invalidUtf8In(String before, String after) {
    byte[] a = utf8(before);
    byte[] b = utf8(after);
    byte[] out = new byte[a.length + 2 + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    out[a.length] = (byte) 0xC3;
    out[a.length + 1] = 0x28;
    System.arraycopy(b, 0, out, a.length + 2, b.length);
    return out;
  }

  static byte[] encode(String format, Row row) {
    try {
      return Formats.find(format, "format").createEncoder(SCHEMA, FormatContext.of(Map.of())).encode(row);
    } catch (FormatException e) {
      throw new IllegalStateException(e);
    }
  }

  long count(Outcome outcome) {
    return entries.stream().filter(e -> e.outcome() == outcome).count();
  }

  List<Long> goodIds() {
    return entries.stream().flatMap(e -> e.ids().stream()).sorted().toList();
  }
}
