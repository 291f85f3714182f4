package dev.kafkaconnector.formats.protobuf;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.protobuf.testproto.AllTypesProto;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;

/** Schemas, rows and helpers shared by the protobuf tests. */
final class ProtobufTestSupport {
  private ProtobufTestSupport() {}

  static final String USER_EVENT = "com.example.proto.UserEventOuterClass$UserEvent";
  static final String ALL_TYPES = AllTypesProto.AllTypes.class.getName();
  static final String NODE = AllTypesProto.Node.class.getName();

  /** The spec's table: user_id BIGINT, user_name STRING, age INT, score DOUBLE, vip BOOLEAN. */
  static final Schema USER_EVENT_COLUMNS =
      Schema.builder()
          .addNullableField("user_id", FieldType.INT64)
          .addNullableField("user_name", FieldType.STRING)
          .addNullableField("age", FieldType.INT32)
          .addNullableField("score", FieldType.DOUBLE)
          .addNullableField("vip", FieldType.BOOLEAN)
          .build();

  static final Schema INNER =
      Schema.builder()
          .addNullableField("name", FieldType.STRING)
          .addNullableField("size", FieldType.INT32)
          .addNullableField("maybe", FieldType.INT64)
          .build();

  static final Schema ALL_COLUMNS =
      Schema.builder()
          .addNullableField("f_double", FieldType.DOUBLE)
          .addNullableField("f_float", FieldType.FLOAT)
          .addNullableField("f_int32", FieldType.INT32)
          .addNullableField("f_int64", FieldType.INT64)
          .addNullableField("f_uint32", FieldType.INT32)
          .addNullableField("f_uint64", FieldType.INT64)
          .addNullableField("f_sint32", FieldType.INT32)
          .addNullableField("f_sint64", FieldType.INT64)
          .addNullableField("f_fixed32", FieldType.INT32)
          .addNullableField("f_fixed64", FieldType.INT64)
          .addNullableField("f_sfixed32", FieldType.INT32)
          .addNullableField("f_sfixed64", FieldType.INT64)
          .addNullableField("f_bool", FieldType.BOOLEAN)
          .addNullableField("f_string", FieldType.STRING)
          .addNullableField("f_bytes", FieldType.BYTES)
          .addNullableField("color", FieldType.STRING)
          .addNullableField("inner", FieldType.row(INNER))
          .addNullableField("numbers", FieldType.array(FieldType.INT32))
          .addNullableField("names", FieldType.array(FieldType.STRING.withNullable(true)))
          .addNullableField("inners", FieldType.array(FieldType.row(INNER)))
          .addNullableField("counts", FieldType.map(FieldType.STRING, FieldType.INT64))
          .addNullableField("by_id", FieldType.map(FieldType.INT32, FieldType.row(INNER)))
          .addNullableField("opt_int", FieldType.INT32)
          .addNullableField("opt_string", FieldType.STRING)
          .addNullableField("choice_text", FieldType.STRING)
          .addNullableField("choice_number", FieldType.INT64)
          .addNullableField("colors", FieldType.array(FieldType.STRING))
          .addNullableField("labels", FieldType.map(FieldType.STRING, FieldType.STRING))
          .addNullableField("blobs", FieldType.array(FieldType.BYTES))
          .build();

  static Row inner(String name, Integer size, Long maybe) {
    return Row.withSchema(INNER).attachValues(Arrays.asList(name, size, maybe));
  }

  /** A row with every column set (no defaults), which round-trips exactly. */
  static Row fullRow() {
    Map<String, Long> counts = new LinkedHashMap<>();
    counts.put("a", 1L);
    counts.put("b", -2L);
    Map<Integer, Row> byId = new HashMap<>();
    byId.put(7, inner("seven", 7, 77L));
    byId.put(-1, inner("minus", 1, null));
    return Row.withSchema(ALL_COLUMNS)
        .attachValues(
            Arrays.asList(
                -1.5d,
                2.25f,
                -42,
                -9_000_000_000L,
                -1, // uint32 4294967295 as Java's int
                -1L, // uint64 max as Java's long
                -7,
                -8L,
                9,
                10L,
                -11,
                -12L,
                true,
                "grüße, 世界 \uD83D\uDE00",
                new byte[] {0, 1, (byte) 0xFF},
                "GREEN",
                inner("in", 3, 33L),
                List.of(1, 2, 3),
                List.of("x", "y"),
                List.of(inner("a", 1, null), inner("b", 2, 2L)),
                counts,
                byId,
                5,
                "opt",
                null,
                99L,
                List.of("RED", "GREEN"),
                Map.of("k", "v"),
                List.of(new byte[] {1}, new byte[0])));
  }

  static FormatFactory protobuf() {
    return Formats.find("protobuf", "format");
  }

  static Map<String, String> options(String className, String... keyValues) {
    Map<String, String> options = new HashMap<>();
    options.put("protobuf.message-class-name", className);
    for (int i = 0; i < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
    return options;
  }

  static RowDecoder decoder(Schema schema, Map<String, String> options) {
    return protobuf().createDecoder(schema, FormatContext.of(options));
  }

  static RowEncoder encoder(Schema schema, Map<String, String> options) {
    return protobuf().createEncoder(schema, FormatContext.of(options));
  }

  static List<Row> decode(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = new ArrayList<>();
    decoder.decode(message, rows::add);
    return rows;
  }

  static Row single(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = decode(decoder, message);
    if (rows.size() != 1) {
      throw new AssertionError("expected one row but got " + rows);
    }
    return rows.get(0);
  }
}
