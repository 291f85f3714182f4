package dev.kafkaconnector.formats.avro;

import static dev.kafkaconnector.formats.avro.AvroTestRows.ALL_NULLABLE;
import static dev.kafkaconnector.formats.avro.AvroTestRows.avro;
import static dev.kafkaconnector.formats.avro.AvroTestRows.context;
import static dev.kafkaconnector.formats.avro.AvroTestRows.fullRow;
import static dev.kafkaconnector.formats.avro.AvroTestRows.single;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class AvroBadInputTest {

  private static final Schema TWO =
      Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();

  private static RowDecoder decoder(Schema schema) {
    return avro().createDecoder(schema, context(Map.of()));
  }

  private static FormatException fails(RowDecoder decoder, byte[] message) {
    List<Row> out = new ArrayList<>();
    FormatException e =
        assertThrows(FormatException.class, () -> decoder.decode(message, out::add));
    assertEquals("avro", e.format());
    assertTrue(out.isEmpty(), "nothing emitted for a bad message");
    return e;
  }

  @Test
  void emptyMessageNamesTheFirstField() {
    FormatException e = fails(decoder(TWO), new byte[0]);
    assertEquals("id", e.field());
    assertTrue(e.getMessage().contains("ends inside"), e.getMessage());
  }

  @Test
  void everyTruncationOfAValidMessageIsAFormatException() throws Exception {
    byte[] full =
        avro().createEncoder(ALL_NULLABLE, context(Map.of())).encode(fullRow(ALL_NULLABLE));
    RowDecoder decoder = decoder(ALL_NULLABLE);
    for (int length = 0; length < full.length; length++) {
      fails(decoder, Arrays.copyOf(full, length));
    }
    assertEquals(fullRow(ALL_NULLABLE), single(decoder, full));
  }

  @Test
  void trailingBytesAreAFormatException() {
    FormatException e = fails(decoder(TWO), new byte[] {2, 0, 0});
    assertTrue(e.getMessage().contains("left after the record"), e.getMessage());
  }

  @Test
  void invalidUtf8IsNeverReplaced() {
    FormatException e = fails(decoder(TWO), new byte[] {2, 2, 4, 'a', (byte) 0xFF});
    assertEquals("name", e.field());
    assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
  }

  @Test
  void unknownUnionBranchIsAFormatException() {
    FormatException e = fails(decoder(TWO), new byte[] {2, 4});
    assertEquals("name", e.field());
    assertTrue(e.getMessage().contains("union branch 2"), e.getMessage());
  }

  @Test
  void hugeLengthsFailWithoutAllocating() {
    // string length 2^30 in a 7-byte message: must not allocate a gigabyte
    byte[] hugeString = {2, 2, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08};
    FormatException e = fails(decoder(TWO), hugeString);
    assertEquals("name", e.field());
    assertTrue(e.getMessage().contains("exceeds"), e.getMessage());
    fails(decoder(TWO), new byte[] {2, 2, 1}); // negative length

    Schema arrays = Schema.builder().addArrayField("xs", FieldType.INT64).build();
    byte[] hugeCount = {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08}; // 2^30
    FormatException e2 = fails(decoder(arrays), hugeCount);
    assertEquals("xs", e2.field());
    assertTrue(e2.getMessage().contains("item count 1073741824"), e2.getMessage());
    // 2^31-1 is refused by Avro itself
    fails(decoder(arrays), new byte[] {(byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f});

    Schema maps = Schema.builder().addMapField("m", FieldType.STRING, FieldType.INT64).build();
    fails(decoder(maps), hugeCount);
    Schema bytes = Schema.builder().addByteArrayField("b").build();
    fails(decoder(bytes), hugeCount);
  }

  @Test
  void valuesOutOfTheColumnRangeAreFormatExceptions() {
    Schema tiny = Schema.builder().addByteField("t").build();
    FormatException e = fails(decoder(tiny), new byte[] {(byte) 0x80, 0x04}); // 256
    assertEquals("t", e.field());
    Schema time = Schema.builder().addLogicalTypeField("t", SqlTypes.TIME).build();
    fails(decoder(time), new byte[] {1}); // -1 ms
    Schema date = Schema.builder().addLogicalTypeField("d", SqlTypes.DATE).build();
    // every int of days is a LocalDate (years up to 5.8 million)
    assertEquals(
        java.time.LocalDate.ofEpochDay(Integer.MAX_VALUE),
        assertDoesNotThrow(
            () ->
                single(
                        decoder(date),
                        new byte[] {(byte) 0xfe, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f})
                    .getValue("d")));
    Schema decimal = Schema.builder().addDecimalField("d").build();
    fails(decoder(decimal), new byte[] {0}); // zero-length unscaled value
  }

  @Test
  void wrongTypeBytesAreAFormatExceptionOrADifferentValueButNeverACrash() {
    // A STRING written where a BIGINT is expected: Avro binary has no type tags, so this either
    // fails or decodes garbage; it must never be anything but a FormatException.
    byte[] stringMessage = {8, 't', 'e', 'x', 't'};
    Schema longs = Schema.builder().addInt64Field("id").build();
    fails(decoder(longs), stringMessage);
  }

  @Test
  void randomBytesOnlyEverGiveRowsOrFormatExceptions() {
    RowDecoder decoder = decoder(ALL_NULLABLE);
    Random random = new Random(42);
    int rows = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] message = new byte[random.nextInt(64)];
      random.nextBytes(message);
      try {
        rows += AvroTestRows.decode(decoder, message).size();
      } catch (FormatException expected) {
        // fine
      } catch (RuntimeException | Error e) {
        fail("message " + Arrays.toString(message) + " gave " + e, e);
      }
    }
    assertTrue(rows < 20_000);
  }

  @Test
  void aValidRowAfterErrorsStillDecodes() throws Exception {
    RowDecoder decoder = decoder(TWO);
    fails(decoder, new byte[] {2, 2, 4, 'a', (byte) 0xFF});
    fails(decoder, new byte[0]);
    Row row = single(decoder, new byte[] {4, 2, 2, 'z'});
    assertEquals(2L, row.getInt64("id"));
    assertEquals("z", row.getString("name"));
  }
}
