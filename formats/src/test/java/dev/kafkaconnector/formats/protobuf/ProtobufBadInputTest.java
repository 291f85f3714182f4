package dev.kafkaconnector.formats.protobuf;

import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.ALL_COLUMNS;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.ALL_TYPES;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.NODE;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.USER_EVENT;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.USER_EVENT_COLUMNS;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.decode;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.decoder;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.encoder;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.fullRow;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.options;
import static dev.kafkaconnector.formats.protobuf.ProtobufTestSupport.single;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.example.proto.UserEventOuterClass.UserEvent;
import com.google.protobuf.CodedOutputStream;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.protobuf.testproto.AllTypesProto.Node;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class ProtobufBadInputTest {

  /** Messages that are not UserEvents, each with what the decoder must say. */
  private static List<byte[]> badMessages() throws Exception {
    List<byte[]> bad = new ArrayList<>();
    bad.add(new byte[] {(byte) 0xFF}); // truncated varint tag
    bad.add(new byte[] {0x08}); // tag of user_id without its value
    bad.add(new byte[] {0x12, 0x05, 'a'}); // string length beyond the message
    bad.add(new byte[] {0x12, 0x02, (byte) 0xC3, 0x28}); // invalid UTF-8 in user_name
    bad.add(new byte[] {0x0F}); // wire type 7 does not exist
    bad.add(new byte[] {0x00}); // field number 0
    bad.add("{\"user_id\": 1}".getBytes(java.nio.charset.StandardCharsets.UTF_8)); // JSON
    return bad;
  }

  @Test
  void malformedMessagesAreFormatExceptions() throws Exception {
    RowDecoder decoder = decoder(USER_EVENT_COLUMNS, options(USER_EVENT));
    for (byte[] message : badMessages()) {
      List<Row> out = new ArrayList<>();
      FormatException e =
          assertThrows(
              FormatException.class,
              () -> decoder.decode(message, out::add),
              Arrays.toString(message));
      assertEquals("protobuf", e.format());
      assertTrue(e.getMessage().contains("UserEvent"), e.getMessage());
      assertTrue(out.isEmpty());
    }
  }

  @Test
  void ignoreParseErrorsSkipsEachBadMessageAndKeepsGoodOnes() throws Exception {
    RowDecoder decoder =
        decoder(USER_EVENT_COLUMNS, options(USER_EVENT, "protobuf.ignore-parse-errors", "true"));
    for (byte[] message : badMessages()) {
      assertTrue(decode(decoder, message).isEmpty(), Arrays.toString(message));
    }
    assertTrue(decode(decoder, null).isEmpty());
    byte[] good = UserEvent.newBuilder().setUserId(3).build().toByteArray();
    assertEquals(3L, single(decoder, good).getInt64("user_id"));
  }

  @Test
  void tombstoneIsAFormatException() {
    FormatException e =
        assertThrows(
            FormatException.class,
            () -> decode(decoder(USER_EVENT_COLUMNS, options(USER_EVENT)), null));
    assertTrue(e.getMessage().contains("tombstone"), e.getMessage());
  }

  @Test
  void emptyMessageIsTheDefaultMessage() throws Exception {
    // an empty byte[] is a valid protobuf message with every field absent
    Row row = single(decoder(USER_EVENT_COLUMNS, options(USER_EVENT)), new byte[0]);
    assertEquals(0L, row.getInt64("user_id"));
    assertEquals("", row.getString("user_name"));
  }

  @Test
  void wrongWireTypeForAKnownFieldIsAFormatExceptionOrKeptAsUnknown() throws Exception {
    // user_id (field 1) written as a string: protobuf keeps it as an unknown field, so user_id
    // reads as its default; it must never be anything but a row or a FormatException
    byte[] message = {0x0A, 0x01, 'x'};
    Row row = single(decoder(USER_EVENT_COLUMNS, options(USER_EVENT)), message);
    assertEquals(0L, row.getInt64("user_id"));
  }

  @Test
  void deeplyNestedMessagesAreFormatExceptionsNotStackOverflows() throws Exception {
    Schema leaf = Schema.builder().addNullableField("value", FieldType.INT32).build();
    Schema schema =
        Schema.builder()
            .addNullableField("value", FieldType.INT32)
            .addNullableField("child", FieldType.row(leaf))
            .build();
    // 100000 levels of child (field 2, length-delimited), written outside-in in linear time
    int levels = 100_000;
    int[] lengths = new int[levels + 1]; // lengths[k]: bytes of a Node nested k deep
    for (int k = 1; k <= levels; k++) {
      lengths[k] = 1 + CodedOutputStream.computeUInt32SizeNoTag(lengths[k - 1]) + lengths[k - 1];
    }
    byte[] deep = new byte[lengths[levels]];
    CodedOutputStream out = CodedOutputStream.newInstance(deep);
    for (int k = levels - 1; k >= 0; k--) {
      out.writeTag(2, com.google.protobuf.WireFormat.WIRETYPE_LENGTH_DELIMITED);
      out.writeUInt32NoTag(lengths[k]);
    }
    out.checkNoSpaceLeft();
    FormatException e =
        assertThrows(FormatException.class, () -> decode(decoder(schema, options(NODE)), deep));
    assertTrue(e.getMessage().contains("nesting"), e.getMessage());

    // a shallow one decodes
    byte[] shallow =
        Node.newBuilder().setValue(1).setChild(Node.newBuilder().setValue(2)).build().toByteArray();
    Row row = single(decoder(schema, options(NODE)), shallow);
    assertEquals(2, row.getRow("child").getInt32("value"));
  }

  /** protobuf-java would write '?' for it (and log a warning): a bad row instead. */
  @Test
  void anUnpairedSurrogateIsNotWritten() {
    Schema schema = Schema.builder().addNullableField("user_name", FieldType.STRING).build();
    FormatException e =
        assertThrows(
            FormatException.class,
            () ->
                encoder(schema, options(USER_EVENT))
                    .encode(Row.withSchema(schema).addValue("a\uD800").build()));
    assertEquals("user_name", e.field());
    assertTrue(e.getMessage().contains("unpaired surrogate"), e.getMessage());
  }

  @Test
  void largeStringRoundTrips() throws Exception {
    Schema schema = Schema.builder().addNullableField("user_name", FieldType.STRING).build();
    String big = "x".repeat(10 * 1024 * 1024);
    byte[] bytes =
        encoder(schema, options(USER_EVENT)).encode(Row.withSchema(schema).addValue(big).build());
    assertEquals(big, single(decoder(schema, options(USER_EVENT)), bytes).getString("user_name"));
  }

  @Test
  void everyTruncationIsARowOrAFormatException() throws Exception {
    byte[] full = encoder(ALL_COLUMNS, options(ALL_TYPES)).encode(fullRow());
    RowDecoder decoder = decoder(ALL_COLUMNS, options(ALL_TYPES));
    int failures = 0;
    for (int length = 0; length < full.length; length++) {
      try {
        decode(decoder, Arrays.copyOf(full, length));
      } catch (FormatException expected) {
        failures++;
      }
    }
    assertTrue(failures > full.length / 2, failures + " of " + full.length);
    assertEquals(fullRow(), single(decoder, full));
  }

  @Test
  void randomBytesOnlyEverGiveRowsOrFormatExceptions() {
    RowDecoder decoder = decoder(ALL_COLUMNS, options(ALL_TYPES));
    Random random = new Random(7);
    for (int i = 0; i < 20_000; i++) {
      byte[] message = new byte[random.nextInt(64)];
      random.nextBytes(message);
      try {
        decode(decoder, message);
      } catch (FormatException expected) {
        // fine
      } catch (RuntimeException | Error e) {
        fail("message " + Arrays.toString(message) + " gave " + e, e);
      }
    }
  }
}
