package dev.kafkaconnector.formats.protobuf;

import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.ALL_COLUMNS;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.ALL_TYPES;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.USER_EVENT;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.USER_EVENT_COLUMNS;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.decoder;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.encoder;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.fullRow;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.options;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.protobuf;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.proto.UserEventOuterClass.UserEvent;
import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class ProtobufFormatTest {

  private static Row user(Long id, String name, Integer age, Double score, Boolean vip) {
    return Row.withSchema(USER_EVENT_COLUMNS)
        .attachValues(Arrays.asList(id, name, age, score, vip));
  }

  @Test
  void foundThroughSpi() {
    assertInstanceOf(ProtobufFormatFactory.class, Formats.find("protobuf", "value.format"));
    assertEquals(
        List.of(
            "protobuf.message-class-name",
            "protobuf.ignore-parse-errors",
            "protobuf.read-default-values",
            "protobuf.write-null-string-literal"),
        protobuf().options().stream().map(o -> o.key()).toList());
  }

  @Test
  void specExampleReadsWhatTheGeneratedClassWrites() throws Exception {
    byte[] bytes =
        UserEvent.newBuilder()
            .setUserId(1001L)
            .setUserName("alice")
            .setAge(30)
            .setScore(98.5)
            .setVip(true)
            .build()
            .toByteArray();
    RowDecoder decoder =
        decoder(USER_EVENT_COLUMNS, options(USER_EVENT, "protobuf.ignore-parse-errors", "true"));
    assertEquals(user(1001L, "alice", 30, 98.5, true), single(decoder, bytes));
  }

  @Test
  void specExampleWritesWhatTheGeneratedClassReads() throws Exception {
    RowEncoder encoder = encoder(USER_EVENT_COLUMNS, options(USER_EVENT));
    UserEvent event = UserEvent.parseFrom(encoder.encode(user(7L, "bob", 41, -1.25, false)));
    assertEquals(7L, event.getUserId());
    assertEquals("bob", event.getUserName());
    assertEquals(41, event.getAge());
    assertEquals(-1.25, event.getScore());
    assertEquals(false, event.getVip());
    // the bytes are exactly those of the generated class
    assertEquals(
        UserEvent.newBuilder().setUserId(7L).setUserName("bob").setAge(41).setScore(-1.25).build(),
        event);
    assertEquals(
        Arrays.toString(
            UserEvent.newBuilder()
                .setUserId(7L)
                .setUserName("bob")
                .setAge(41)
                .setScore(-1.25)
                .build()
                .toByteArray()),
        Arrays.toString(encoder.encode(user(7L, "bob", 41, -1.25, false))));
  }

  @Test
  void proto3ScalarsWithoutPresenceReadAsDefaults() throws Exception {
    // proto3 scalars cannot be absent: a null column is written as unset and read back as default
    RowEncoder encoder = encoder(USER_EVENT_COLUMNS, options(USER_EVENT));
    RowDecoder decoder = decoder(USER_EVENT_COLUMNS, options(USER_EVENT));
    assertEquals(0, encoder.encode(user(null, null, null, null, null)).length);
    assertEquals(user(0L, "", 0, 0.0, false), single(decoder, new byte[0]));
    assertEquals(
        user(0L, "", 0, 0.0, false),
        single(decoder, encoder.encode(user(null, null, null, null, null))));
  }

  @Test
  void columnsMayBeASubsetInAnyOrder() throws Exception {
    Schema two =
        Schema.builder()
            .addNullableField("vip", FieldType.BOOLEAN)
            .addNullableField("user_id", FieldType.INT64)
            .build();
    byte[] bytes = UserEvent.newBuilder().setUserId(5).setVip(true).setAge(3).build().toByteArray();
    Row row = single(decoder(two, options(USER_EVENT)), bytes);
    assertEquals(Row.withSchema(two).addValues(true, 5L).build(), row);
    UserEvent back =
        UserEvent.parseFrom(
            encoder(two, options(USER_EVENT))
                .encode(Row.withSchema(two).addValues(true, 9L).build()));
    assertEquals(UserEvent.newBuilder().setVip(true).setUserId(9).build(), back);
  }

  @Test
  void everyTypeRoundTrips() throws Exception {
    Row row = fullRow();
    RowEncoder encoder = encoder(ALL_COLUMNS, options(ALL_TYPES));
    RowDecoder decoder = decoder(ALL_COLUMNS, options(ALL_TYPES));
    Row back = single(decoder, encoder.encode(row));
    assertEquals(row, back);
    assertEquals(ALL_COLUMNS, back.getSchema());
  }

  @Test
  void decoderAndEncoderSurviveSerialization() throws Exception {
    RowEncoder encoder = SerializableUtils.clone(encoder(ALL_COLUMNS, options(ALL_TYPES)));
    RowDecoder decoder =
        SerializableUtils.clone(
            decoder(ALL_COLUMNS, options(ALL_TYPES, "protobuf.ignore-parse-errors", "true")));
    assertEquals(fullRow(), single(decoder, encoder.encode(fullRow())));
    // the ignore option survives too: a bad message gives no row and no exception
    assertTrue(ProtobufTestSupport.decode(decoder, new byte[] {(byte) 0xFF}).isEmpty());
    RowDecoder again = SerializableUtils.clone(decoder);
    assertEquals(fullRow(), single(again, encoder.encode(fullRow())));
  }

  @Test
  void missingOrUnusableClassIsRejectedNamingTheKey() {
    for (Map<String, String> bad :
        List.of(
            Map.<String, String>of(),
            Map.of("protobuf.message-class-name", " "),
            Map.of("protobuf.message-class-name", "com.example.NoSuchClass"),
            Map.of(
                "protobuf.message-class-name", "com.example.proto.UserEventOuterClass.UserEvent"),
            Map.of("protobuf.message-class-name", "java.lang.String"),
            Map.of("protobuf.message-class-name", "com.example.proto.UserEventOuterClass"))) {
      IllegalArgumentException d =
          assertThrows(
              IllegalArgumentException.class,
              () -> protobuf().createDecoder(USER_EVENT_COLUMNS, FormatContext.of(bad)));
      assertTrue(d.getMessage().contains("'protobuf.message-class-name'"), d.getMessage());
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> protobuf().createEncoder(USER_EVENT_COLUMNS, FormatContext.of(bad)));
      assertTrue(e.getMessage().contains("'protobuf.message-class-name'"), e.getMessage());
    }
    IllegalArgumentException notFound =
        assertThrows(
            IllegalArgumentException.class,
            () -> decoder(USER_EVENT_COLUMNS, options("com.example.NoSuchClass")));
    assertTrue(notFound.getMessage().contains("not found"), notFound.getMessage());
    IllegalArgumentException notMessage =
        assertThrows(
            IllegalArgumentException.class,
            () -> decoder(USER_EVENT_COLUMNS, options("java.lang.String")));
    assertTrue(notMessage.getMessage().contains("not a protobuf message"), notMessage.getMessage());
  }

  @Test
  void columnsWithoutFieldOrOfTheWrongTypeAreRejectedNamingThem() {
    Schema unknown = Schema.builder().addNullableField("userId", FieldType.INT64).build();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> decoder(unknown, options(USER_EVENT)));
    assertTrue(e.getMessage().contains("'userId'"), e.getMessage());
    assertTrue(e.getMessage().contains("user_id"), e.getMessage()); // lists the fields

    Schema wrong = Schema.builder().addNullableField("age", FieldType.INT64).build();
    IllegalArgumentException e2 =
        assertThrows(IllegalArgumentException.class, () -> encoder(wrong, options(USER_EVENT)));
    assertTrue(e2.getMessage().contains("'age'"), e2.getMessage());
    assertTrue(e2.getMessage().contains("int32"), e2.getMessage());

    Schema nestedWrong =
        Schema.builder()
            .addNullableField(
                "inner",
                FieldType.row(Schema.builder().addNullableField("size", FieldType.STRING).build()))
            .build();
    IllegalArgumentException e3 =
        assertThrows(
            IllegalArgumentException.class, () -> decoder(nestedWrong, options(ALL_TYPES)));
    assertTrue(e3.getMessage().contains("'inner.size'"), e3.getMessage());

    Schema listForScalar =
        Schema.builder().addNullableField("f_int32", FieldType.array(FieldType.INT32)).build();
    assertThrows(IllegalArgumentException.class, () -> decoder(listForScalar, options(ALL_TYPES)));
    Schema scalarForList = Schema.builder().addNullableField("numbers", FieldType.INT32).build();
    assertThrows(IllegalArgumentException.class, () -> encoder(scalarForList, options(ALL_TYPES)));
    Schema decimal = Schema.builder().addNullableField("f_double", FieldType.DECIMAL).build();
    assertThrows(IllegalArgumentException.class, () -> decoder(decimal, options(ALL_TYPES)));
  }

  @Test
  void metadataIsRejected() {
    FormatContext withMetadata =
        new FormatContext(Configuration.of(options(USER_EVENT)), "value", List.of("row-kind"));
    assertThrows(
        IllegalArgumentException.class,
        () -> protobuf().createDecoder(USER_EVENT_COLUMNS, withMetadata));
  }
}
