package dev.kafkaconnector.runners.read;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.runners.proto.BadInputProto;
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
 * Bad input for every format, next to good records of the same topic: malformed bytes, wrong types,
 * a missing NOT NULL column, invalid UTF-8, null and empty values and keys, a 10 MB value,
 * 100,000-deep nesting, numbers and timestamps out of range, a changelog message with an unknown
 * operation, a header with a null value. Each entry says what a reader must make of it: rows (with
 * their ids), a bad record (the policy takes it), or a skip that a named counter records.
 */
final class BadInputCorpus {
  /** The table every format but protobuf and raw is read with. */
  static final Schema SCHEMA =
      SqlType.parseColumns("id BIGINT NOT NULL, name STRING, amount DOUBLE, ts TIMESTAMP(3)");

  /** The protobuf table: the columns of {@code bad_input.proto}'s {@code Reading}. */
  static final Schema PROTOBUF_SCHEMA =
      SqlType.parseColumns("id BIGINT NOT NULL, name STRING, amount DOUBLE, small INT");

  /** The raw table: one NOT NULL string, "id:text" in the corpus (an empty value is row 0). */
  static final Schema RAW_SCHEMA = SqlType.parseColumns("line STRING NOT NULL");

  static final String PROTOBUF_CLASS = BadInputProto.Reading.class.getName();

  /** The table {@code format} is read with. */
  static Schema schema(String format) {
    return switch (format) {
      case "protobuf" -> PROTOBUF_SCHEMA;
      case "raw" -> RAW_SCHEMA;
      default -> SCHEMA;
    };
  }

  /** The format options besides {@code format}. */
  static Map<String, String> options(String format) {
    return format.equals("protobuf")
        ? Map.of("protobuf.message-class-name", PROTOBUF_CLASS)
        : Map.of();
  }

  /** Whether the format has {@code <format>.ignore-parse-errors}. */
  static boolean hasIgnoreParseErrors(String format) {
    return !format.equals("avro") && !format.equals("raw");
  }

  /** The corpus id of a row read with {@link #schema(String)}. */
  static long id(Row row) {
    if (row.getSchema().hasField("id")) {
      return row.getInt64("id");
    }
    String value = row.getString("line");
    return value.isEmpty() ? 0 : Long.parseLong(value.substring(0, value.indexOf(':')));
  }

  static final byte[] INVALID_UTF8 = {
    '{',
    '"',
    'i',
    'd',
    '"',
    ':',
    '1',
    ',',
    '"',
    'n',
    'a',
    'm',
    'e',
    '"',
    ':',
    '"',
    (byte) 0xC3,
    0x28,
    '"',
    '}'
  };

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

  private BadInputCorpus good(
      String label, byte[] key, String value, boolean nullHeader, long... ids) {
    return good(label, key, utf8(value), nullHeader, ids);
  }

  private BadInputCorpus good(
      String label, byte[] key, byte[] value, boolean nullHeader, long... ids) {
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

  /** The corpus of {@code format}; {@code large} adds the 10 MB value (json and raw). */
  static BadInputCorpus of(String format, boolean large) {
    BadInputCorpus c = new BadInputCorpus();
    switch (format) {
      case "json" -> {
        c.good(
                "a full row, null key",
                null,
                "{\"id\":1,\"name\":\"a\",\"amount\":1.5,\"ts\":\"2024-01-01 00:00:00\"}",
                false,
                1)
            .good(
                "nullable columns missing, empty key, a header with a null value",
                new byte[0],
                "{\"id\":2}",
                true,
                2)
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
          c.good(
              "a 10 MB value",
              null,
              "{\"id\":9,\"name\":\"" + "x".repeat(10 * 1024 * 1024) + "\"}",
              false,
              9);
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
          c.good(
                  "an insert",
                  null,
                  "{\"before\":null,\"after\":{\"id\":1,\"name\":\"a\"},\"op\":\"c\"}",
                  true,
                  1)
              .good(
                  "a delete", null, "{\"before\":{\"id\":2},\"after\":null,\"op\":\"d\"}", false, 2)
              .bad("unknown op", utf8("{\"before\":null,\"after\":{\"id\":3},\"op\":\"x\"}"))
              .bad("malformed", utf8("{\"before\":null,\"after\":"))
              .bad("wrong type", utf8("{\"before\":null,\"after\":{\"id\":\"abc\"},\"op\":\"c\"}"))
              .bad(
                  "missing NOT NULL id",
                  utf8("{\"before\":null,\"after\":{\"name\":\"x\"},\"op\":\"c\"}"))
              .bad(
                  "invalid UTF-8",
                  invalidUtf8In(
                      "{\"before\":null,\"after\":{\"id\":4,\"name\":\"", "\"},\"op\":\"c\"}"))
              .skipped("tombstone after a delete", null, "debezium-json.tombstones-skipped")
              .good(
                  "after the bad ones",
                  null,
                  "{\"before\":null,\"after\":{\"id\":8},\"op\":\"r\"}",
                  false,
                  8);
      case "canal-json" ->
          c.good(
                  "an insert of two rows",
                  null,
                  "{\"data\":[{\"id\":\"1\",\"name\":\"a\"},{\"id\":\"2\"}],\"type\":\"INSERT\",\"database\":\"d\",\"table\":\"t\"}",
                  true,
                  1,
                  2)
              .bad(
                  "unknown type",
                  utf8(
                      "{\"data\":[{\"id\":\"3\"}],\"type\":\"MERGE\",\"database\":\"d\",\"table\":\"t\"}"))
              .bad(
                  "wrong type",
                  utf8(
                      "{\"data\":[{\"id\":\"abc\"}],\"type\":\"INSERT\",\"database\":\"d\",\"table\":\"t\"}"))
              .bad(
                  "missing NOT NULL id",
                  utf8(
                      "{\"data\":[{\"name\":\"x\"}],\"type\":\"INSERT\",\"database\":\"d\",\"table\":\"t\"}"))
              .bad("malformed", utf8("{\"data\":[{\"id\":"))
              .skipped(
                  "a DDL message",
                  utf8(
                      "{\"data\":null,\"type\":\"CREATE\",\"isDdl\":true,\"database\":\"d\",\"table\":\"t\",\"sql\":\"CREATE TABLE t (id INT)\"}"),
                  "canal-json.ddl-skipped")
              .bad("null value (tombstone)", null)
              .good(
                  "after the bad ones",
                  null,
                  "{\"data\":[{\"id\":\"8\"}],\"type\":\"DELETE\",\"database\":\"d\",\"table\":\"t\"}",
                  false,
                  8);
      case "maxwell-json" ->
          c.good(
                  "an insert",
                  null,
                  "{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"id\":1,\"name\":\"a\"}}",
                  true,
                  1)
              .bad(
                  "unknown type",
                  utf8(
                      "{\"database\":\"d\",\"table\":\"t\",\"type\":\"upsert\",\"data\":{\"id\":2}}"))
              .bad(
                  "wrong type",
                  utf8(
                      "{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"id\":\"abc\"}}"))
              .bad(
                  "missing NOT NULL id",
                  utf8(
                      "{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"name\":\"x\"}}"))
              .bad(
                  "number beyond BIGINT",
                  utf8(
                      "{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\",\"data\":{\"id\":123456789012345678901234567890}}"))
              .bad("malformed", utf8("{\"database\":"))
              .bad("null value (tombstone)", null)
              .good(
                  "a delete after the bad ones",
                  null,
                  "{\"database\":\"d\",\"table\":\"t\",\"type\":\"delete\",\"data\":{\"id\":8}}",
                  false,
                  8);
      case "protobuf" -> protobuf(c);
      case "raw" -> {
        c.good("a value, null key, a header with a null value", null, "1:a", true, 1)
            .good("an empty value (an empty string), empty key", new byte[0], new byte[0], false, 0)
            .bad("invalid UTF-8", new byte[] {'3', ':', (byte) 0xC3, 0x28})
            .bad(
                "a truncated multi-byte character", new byte[] {'4', ':', (byte) 0xE2, (byte) 0x82})
            .bad(
                "an encoded surrogate (CESU-8, not UTF-8)",
                new byte[] {'5', ':', (byte) 0xED, (byte) 0xA0, (byte) 0x80})
            .bad("an overlong encoding", new byte[] {'6', ':', (byte) 0xC0, (byte) 0x80})
            .bad("null value (tombstone) for a NOT NULL column", null)
            .good("after the bad ones", utf8("k"), "8:b", false, 8);
        if (large) {
          c.good("a 10 MB value", null, "9:" + "x".repeat(10 * 1024 * 1024), false, 9);
        }
      }
      default -> throw new IllegalArgumentException(format);
    }
    return c;
  }

  private static void protobuf(BadInputCorpus c) {
    byte[] full =
        BadInputProto.Reading.newBuilder()
            .setId(3)
            .setName("a name that is cut")
            .build()
            .toByteArray();
    c.good(
            "a full message, null key, a header with a null value",
            null,
            BadInputProto.Reading.newBuilder()
                .setId(1)
                .setName("a")
                .setAmount(1.5)
                .setSmall(3)
                .build()
                .toByteArray(),
            true,
            1)
        .good(
            "only the NOT NULL id, empty key",
            new byte[0],
            BadInputProto.Reading.newBuilder().setId(2).build().toByteArray(),
            false,
            2)
        .bad("truncated", Arrays.copyOf(full, full.length / 2))
        .bad(
            "garbage (wire type 7)",
            new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x01})
        .bad("a truncated varint", new byte[] {0x08, (byte) 0x80, (byte) 0x80})
        .bad(
            "wrong wire type: id as length-delimited (kept as unknown, so the NOT NULL id is absent)",
            new byte[] {0x0A, 0x01, 'x'})
        .bad(
            "missing NOT NULL id",
            BadInputProto.Reading.newBuilder().setName("x").build().toByteArray())
        .bad("invalid UTF-8 in a string", new byte[] {0x08, 0x04, 0x12, 0x02, (byte) 0xC3, 0x28})
        .bad("100,000-deep nesting", nested(100_000))
        // protobuf defines it: an int32 parsed from a 64-bit varint is truncated to its low 32 bits
        .good(
            "an int32 given a 64-bit varint (truncated, as protobuf defines)",
            null,
            new byte[] {
              0x08,
              0x06,
              0x20,
              (byte) 0x80,
              (byte) 0x80,
              (byte) 0x80,
              (byte) 0x80,
              (byte) 0x80,
              0x20
            },
            false,
            6)
        .bad("empty value (a message without the NOT NULL id)", new byte[0])
        .bad("null value (tombstone)", null)
        .good(
            "after the bad ones",
            utf8("k"),
            BadInputProto.Reading.newBuilder().setId(8).setAmount(-0.0).build().toByteArray(),
            false,
            8);
  }

  /** A Reading with id 5 whose field 5 (child) nests {@code depth} levels deep. */
  static byte[] nested(int depth) {
    int[] length =
        new int[depth + 1]; // length[k]: bytes of the message k levels above the innermost
    for (int k = 1; k <= depth; k++) {
      length[k] = 1 + varintSize(length[k - 1]) + length[k - 1];
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(length[depth] + 2);
    out.write(0x08);
    out.write(0x05);
    for (int k = depth; k >= 1; k--) {
      out.write(0x2A); // field 5, length-delimited
      for (int v = length[k - 1]; ; v >>>= 7) {
        if ((v & ~0x7F) == 0) {
          out.write(v);
          break;
        }
        out.write((v & 0x7F) | 0x80);
      }
    }
    return out.toByteArray();
  }

  private static int varintSize(int v) {
    int size = 1;
    while ((v & ~0x7F) != 0) {
      v >>>= 7;
      size++;
    }
    return size;
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
      return Formats.find(format, "format")
          .createEncoder(SCHEMA, FormatContext.of(Map.of()))
          .encode(row);
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
