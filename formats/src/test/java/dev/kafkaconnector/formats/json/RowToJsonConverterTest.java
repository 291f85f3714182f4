package dev.kafkaconnector.formats.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** The reusable Row → JSON converter and the encoder options. */
class RowToJsonConverterTest {

  static final Schema MAPS =
      Schema.builder()
          .addNullableField("id", FieldType.INT32)
          .addNullableField(
              "m",
              FieldType.map(
                  FieldType.STRING.withNullable(true), FieldType.INT32.withNullable(true)))
          .build();

  static Row mapRowWithNullKey() {
    Map<String, Integer> m = new HashMap<>();
    m.put(null, 1);
    return Row.withSchema(MAPS).addValues(5, m).build();
  }

  static String encode(Map<String, String> options, Schema schema, Row row) throws Exception {
    RowEncoder e = JsonFormatTest.encoder(schema, options);
    return new String(e.encode(row), StandardCharsets.UTF_8);
  }

  @Test
  void nullMapKeyFailsByDefaultNamingTheColumnAndOption() {
    FormatException e =
        assertThrows(FormatException.class, () -> encode(Map.of(), MAPS, mapRowWithNullKey()));
    assertEquals("json", e.format());
    assertEquals("m", e.field());
    assertTrue(e.getMessage().contains("json.map-null-key.mode"), e.getMessage());
  }

  @Test
  void nullMapKeyDroppedOrWrittenAsLiteral() throws Exception {
    assertEquals(
        "{\"id\":5,\"m\":{}}",
        encode(Map.of("json.map-null-key.mode", "DROP"), MAPS, mapRowWithNullKey()));
    assertEquals(
        "{\"id\":5,\"m\":{\"null\":1}}",
        encode(Map.of("json.map-null-key.mode", "LITERAL"), MAPS, mapRowWithNullKey()));
    assertEquals(
        "{\"id\":5,\"m\":{\"NO_KEY\":1}}",
        encode(
            Map.of("json.map-null-key.mode", "LITERAL", "json.map-null-key.literal", "NO_KEY"),
            MAPS,
            mapRowWithNullKey()));
  }

  @Test
  void decimalsScientificByDefaultOrPlain() throws Exception {
    Schema schema = Schema.builder().addDecimalField("d").build();
    Row small = Row.withSchema(schema).addValue(new BigDecimal("0.000000027")).build();
    Row large = Row.withSchema(schema).addValue(new BigDecimal("1.5E+12")).build();
    assertEquals("{\"d\":2.7E-8}", encode(Map.of(), schema, small));
    assertEquals("{\"d\":1.5E+12}", encode(Map.of(), schema, large));
    Map<String, String> plain = Map.of("json.encode.decimal-as-plain-number", "true");
    assertEquals("{\"d\":0.000000027}", encode(plain, schema, small));
    assertEquals("{\"d\":1500000000000}", encode(plain, schema, large));
  }

  @Test
  void ignoreNullFieldsLeavesOutNullRowFieldsOnly() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("a", FieldType.INT32)
            .addNullableField("b", FieldType.STRING)
            .addNullableField("arr", FieldType.array(FieldType.STRING.withNullable(true)))
            .build();
    Row row =
        Row.withSchema(schema).addValues(null, "x", java.util.Arrays.asList("y", null)).build();
    assertEquals("{\"a\":null,\"b\":\"x\",\"arr\":[\"y\",null]}", encode(Map.of(), schema, row));
    assertEquals(
        "{\"b\":\"x\",\"arr\":[\"y\",null]}",
        encode(Map.of("json.encode.ignore-null-fields", "true"), schema, row));
  }

  @Test
  void treesAndGeneratorsForEnvelopes() throws Exception {
    Schema schema = Schema.builder().addInt32Field("id").addDecimalField("d").build();
    JsonWriteSettings plain =
        new JsonWriteSettings(
            "test-json", TimestampFormat.SQL, MapNullKeyMode.FAIL, "null", true, false);
    RowToJsonConverter converter = new RowToJsonConverter(schema, plain);
    Row row = Row.withSchema(schema).addValues(1, new BigDecimal("1E-9")).build();

    ObjectNode envelope = JsonToRowConverter.objectMapper().createObjectNode();
    envelope.set("after", converter.toObjectNode(row));
    envelope.put("op", "c");
    assertEquals(
        "{\"after\":{\"id\":1,\"d\":0.000000001},\"op\":\"c\"}",
        new String(converter.toBytes(envelope), StandardCharsets.UTF_8));

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JsonToRowConverter.objectMapper().getFactory().createGenerator(out)) {
      g.writeStartObject();
      g.writeFieldName("before");
      g.writeNull();
      g.writeFieldName("after");
      converter.write(row, g);
      g.writeEndObject();
    }
    assertEquals(
        "{\"before\":null,\"after\":{\"id\":1,\"d\":0.000000001}}",
        out.toString(StandardCharsets.UTF_8));
  }

  @Test
  void wrongJavaValueIsAFormatExceptionNamingTheField() throws Exception {
    Schema schema = Schema.builder().addNullableField("i", FieldType.INT32).build();
    Row bad = Row.withSchema(schema).attachValues(List.of("not an int"));
    RowToJsonConverter converter =
        SerializableUtils.clone(
            new RowToJsonConverter(
                schema,
                new JsonWriteSettings(
                    "test-json", TimestampFormat.SQL, MapNullKeyMode.FAIL, "null", false, false)));
    FormatException e = assertThrows(FormatException.class, () -> converter.toBytes(bad));
    assertEquals("i", e.field());
    // the converter still works afterwards (its buffer is reset)
    assertEquals(
        "{\"i\":3}",
        new String(
            converter.toBytes(Row.withSchema(schema).addValue(3).build()), StandardCharsets.UTF_8));
  }
}
