package dev.kafkaconnector.formats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * Projection push-down of every format: a decoder of some columns gives the selected values of the
 * whole row, in the selected order, and does not look at the values of the other columns.
 */
class ProjectionTest {
  private static final Schema ALL =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("tags", FieldType.array(FieldType.STRING))
          .addInt32Field("qty")
          .addNullableField("price", FieldType.DOUBLE)
          .build();

  /** Two columns, in another order than the table's. */
  private static final Schema SELECTED =
      Schema.builder().addNullableField("price", FieldType.DOUBLE).addInt64Field("id").build();

  private static final Row ROW =
      Row.withSchema(ALL).addValues(7L, "seven", List.of("a", "b"), 3, 2.5).build();

  @Test
  void everyFormatReadsTheSelectedColumnsOfAWholeRow() throws Exception {
    for (String format :
        List.of("json", "csv", "avro", "debezium-json", "canal-json", "maxwell-json")) {
      FormatFactory factory = Formats.find(format, "format");
      FormatContext context = FormatContext.of(Map.of());
      byte[] message = encode(factory, ROW);
      Row projected = single(factory.createDecoder(ALL, SELECTED, context), message);
      assertEquals(SELECTED, projected.getSchema(), format);
      assertEquals(List.of(2.5, 7L), projected.getValues(), format);
    }
  }

  @Test
  void allColumnsInOrderIsTheWholeDecoder() throws Exception {
    FormatFactory csv = Formats.find("csv", "format");
    Row row = single(csv.createDecoder(ALL, ALL, FormatContext.of(Map.of())), encode(csv, ROW));
    assertEquals(ROW, row);
  }

  @Test
  void csvNeitherConvertsNorChecksUnselectedFields() throws Exception {
    FormatFactory csv = Formats.find("csv", "format");
    FormatContext context = FormatContext.of(Map.of());
    // qty (INT NOT NULL) is not a number; the last field is missing.
    byte[] line = "7,seven,a;b,many".getBytes(StandardCharsets.UTF_8);
    assertThrows(FormatException.class, () -> single(csv.createDecoder(ALL, context), line));
    Schema idAndName =
        Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();
    Row row = single(csv.createDecoder(ALL, idAndName, context), line);
    assertEquals(List.of(7L, "seven"), row.getValues());
    // A selected column that is missing is still an error.
    FormatException missing =
        assertThrows(
            FormatException.class, () -> single(csv.createDecoder(ALL, SELECTED, context), line));
    assertTrue(missing.getMessage().contains("'price'"), missing.getMessage());
  }

  @Test
  void jsonDoesNotConvertUnselectedMembers() throws Exception {
    FormatFactory json = Formats.find("json", "format");
    FormatContext context = FormatContext.of(Map.of());
    byte[] message =
        "{\"id\": 7, \"qty\": \"many\", \"price\": 2.5}".getBytes(StandardCharsets.UTF_8);
    assertThrows(FormatException.class, () -> single(json.createDecoder(ALL, context), message));
    assertEquals(
        List.of(2.5, 7L), single(json.createDecoder(ALL, SELECTED, context), message).getValues());
  }

  @Test
  void avroSkipsUnselectedFieldsOfTheWritersSchema() throws Exception {
    FormatFactory avro = Formats.find("avro", "format");
    FormatContext context = FormatContext.of(Map.of());
    Schema tagsOnly =
        Schema.builder().addNullableField("tags", FieldType.array(FieldType.STRING)).build();
    assertEquals(
        List.of(List.of("a", "b")),
        single(avro.createDecoder(ALL, tagsOnly, context), encode(avro, ROW)).getValues());
  }

  @Test
  void aFormatWithoutItsOwnProjectionPicksFromWholeRows() throws Exception {
    FormatFactory raw = Formats.find("raw", "format");
    Schema line = Schema.builder().addNullableField("line", FieldType.STRING).build();
    byte[] message = "hello".getBytes(StandardCharsets.UTF_8);
    Row row = single(raw.createDecoder(line, line, FormatContext.of(Map.of())), message);
    assertEquals(List.of("hello"), row.getValues());
  }

  @Test
  void changelogMetadataFollowsTheSelectedColumns() throws Exception {
    FormatFactory debezium = Formats.find("debezium-json", "format");
    FormatContext context =
        new FormatContext(
            FormatContext.of(Map.of()).options(), "value", List.of(FormatMetadata.ROW_KIND));
    Row row = single(debezium.createDecoder(ALL, SELECTED, context), encode(debezium, ROW));
    assertEquals(List.of("price", "id", FormatMetadata.ROW_KIND), row.getSchema().getFieldNames());
    assertEquals(List.of(2.5, 7L, "+I"), row.getValues());
  }

  @Test
  void aColumnOutsideTheSchemaIsRefusedNamingIt() {
    FormatFactory json = Formats.find("json", "format");
    Schema other = Schema.builder().addStringField("missing").build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> json.createDecoder(ALL, other, FormatContext.of(Map.of())));
    assertTrue(e.getMessage().contains("'missing'"), e.getMessage());
  }

  private static byte[] encode(FormatFactory factory, Row row) throws FormatException {
    return factory.createEncoder(row.getSchema(), FormatContext.of(Map.of())).encode(row);
  }

  private static Row single(RowDecoder decoder, byte[] message) throws FormatException {
    List<Row> rows = new ArrayList<>();
    decoder.decode(message, rows::add);
    assertEquals(1, rows.size());
    return rows.get(0);
  }
}
