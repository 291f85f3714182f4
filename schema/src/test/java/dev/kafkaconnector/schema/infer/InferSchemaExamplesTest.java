package dev.kafkaconnector.schema.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.schema.SqlType;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** The inference rules on the spec's and the examples. */
class InferSchemaExamplesTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private static Schema infer(InferenceSettings settings, String... documents) {
    JsonSchemaInference inference = new JsonSchemaInference(settings);
    for (String d : documents) {
      inference.addValue(d.getBytes(StandardCharsets.UTF_8));
    }
    return inference.schema();
  }

  private static String sql(Schema schema) {
    StringBuilder out = new StringBuilder();
    for (Schema.Field f : schema.getFields()) {
      if (out.length() > 0) {
        out.append(", ");
      }
      out.append(f.getName()).append(' ').append(SqlType.toSql(f.getType()));
    }
    return out.toString();
  }

  @Test
  void scalarsMergeAlongTheLattice() {
    Schema schema =
        infer(
            InferenceSettings.defaults(),
            "{\"order\": 1, \"price\": 2, \"name\": \"x\", \"ok\": true, \"big\": 1}",
            "{\"order\": 2, \"price\": 2.5, \"name\": 3, \"ok\": null,"
                + " \"big\": 123456789012345678901234567890}");
    assertEquals(
        "big DECIMAL(38, 0), name STRING, ok BOOLEAN, order BIGINT, price DOUBLE", sql(schema));
  }

  @Test
  void missingFieldsAreNullableEvenWhenTheCallerWantsNotNull() {
    InferenceSettings strict = InferenceSettings.defaults().withAllNullable(false);
    Schema schema = infer(strict, "{\"a\": 1, \"b\": \"x\", \"c\": null}", "{\"a\": 2}");
    assertEquals("a BIGINT NOT NULL, b STRING, c STRING", sql(schema));
    assertEquals(
        "a BIGINT, b STRING, c STRING",
        sql(
            infer(
                InferenceSettings.defaults(),
                "{\"a\": 1, \"b\": \"x\", \"c\": null}",
                "{\"a\": 2}")));
  }

  @Test
  void nestedValuesAreJsonTextUnlessFlattened() {
    String doc =
        "{\"id\": 1, \"nested\": {\"col\": true, \"deeper\": {\"x\": 1.5}}, \"tags\": [1, 2]}";
    assertEquals(
        "id BIGINT, nested STRING, tags STRING", sql(infer(InferenceSettings.defaults(), doc)));
    InferenceSettings flat = InferenceSettings.defaults().withFlattenNestedColumns(true);
    assertEquals(
        "id BIGINT, nested.col BOOLEAN, nested.deeper.x DOUBLE, tags STRING",
        sql(infer(flat, doc, "{\"id\": 2}")));
  }

  @Test
  void nestedObjectMeetingAScalarIsString() {
    InferenceSettings flat = InferenceSettings.defaults().withFlattenNestedColumns(true);
    assertEquals("n STRING", sql(infer(flat, "{\"n\": {\"a\": 1}}", "{\"n\": 5}")));
  }

  @Test
  void primitiveAsString() {
    InferenceSettings settings = InferenceSettings.defaults().withPrimitiveAsString(true);
    assertEquals(
        "a STRING, b STRING, d STRING, n STRING",
        sql(infer(settings, "{\"a\": 1, \"b\": true, \"d\": \"2020-01-01\", \"n\": null}")));
  }

  @Test
  void stringTypeInferenceFollowsTheTimestampStandard() {
    String doc =
        "{\"d\": \"2020-12-30\", \"t\": \"12:13:14.123\", \"sql\": \"2020-12-30 12:13:14.123\","
            + " \"iso\": \"2020-12-30T12:13:14\", \"ltz\": \"2020-12-30 12:13:14Z\","
            + " \"bad\": \"2021-02-29\"}";
    assertEquals(
        "bad STRING, d DATE, iso STRING, ltz TIMESTAMP_LTZ(3), sql TIMESTAMP, t TIME",
        sql(infer(InferenceSettings.defaults(), doc)));
    InferenceSettings iso =
        InferenceSettings.defaults().withTimestampStandard(TimestampStandard.ISO_8601);
    assertEquals(
        "bad STRING, d DATE, iso TIMESTAMP, ltz STRING, sql STRING, t TIME", sql(infer(iso, doc)));
    assertEquals(
        "bad STRING, d STRING, iso STRING, ltz STRING, sql STRING, t STRING",
        sql(infer(InferenceSettings.defaults().withStringTypeInference(false), doc)));
  }

  @Test
  void aColumnIsTemporalOnlyWhenEverySampledValueIs() {
    assertEquals(
        "d STRING",
        sql(infer(InferenceSettings.defaults(), "{\"d\": \"2020-12-30\"}", "{\"d\": \"soon\"}")));
    assertEquals(
        "d DATE",
        sql(infer(InferenceSettings.defaults(), "{\"d\": \"2020-12-30\"}", "{\"d\": null}")));
  }

  @Test
  void fixedTypesWin() {
    InferenceSettings settings =
        InferenceSettings.defaults()
            .withFixedTypes(
                "json.infer-schema.fixed-types", "id BIGINT, name VARCHAR(10), extra INT");
    assertEquals(
        "id BIGINT, name STRING, other DOUBLE, extra INT",
        sql(infer(settings, "{\"id\": \"7\", \"name\": 1, \"other\": 1.5}")));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                InferenceSettings.defaults()
                    .withFixedTypes("json.infer-schema.fixed-types", "id WHAT"));
    assertTrue(e.getMessage().contains("json.infer-schema.fixed-types"), e.getMessage());
  }

  @Test
  void keysThatAreNotJsonAskForTheRawKeyColumn() {
    JsonSchemaInference keys = new JsonSchemaInference(InferenceSettings.defaults());
    keys.addKey(null);
    keys.addKey(new byte[0]);
    assertFalse(keys.hasRawKeyColumn());
    keys.addKey("{\"k\": 1}".getBytes(StandardCharsets.UTF_8));
    keys.addKey("not json".getBytes(StandardCharsets.UTF_8));
    assertTrue(keys.hasRawKeyColumn());
    assertEquals("k BIGINT", sql(keys.schema()));
  }

  @Test
  void valuesThatAreNotObjectsAreCountedNotMerged() {
    JsonSchemaInference values = new JsonSchemaInference(InferenceSettings.defaults());
    values.addValue("[1]".getBytes(StandardCharsets.UTF_8));
    values.addValue("garbage{".getBytes(StandardCharsets.UTF_8));
    values.addValue("{\"a\": \"x\"} trailing".getBytes(StandardCharsets.UTF_8));
    values.addValue(null);
    values.addValue("{\"a\": 1}".getBytes(StandardCharsets.UTF_8));
    assertEquals(3, values.rejected());
    assertEquals(1, values.documents());
  }

  @Test
  void flattenerMovesNestedValuesToPathColumns() throws Exception {
    JsonSchemaInference inference =
        new JsonSchemaInference(InferenceSettings.defaults().withFlattenNestedColumns(true));
    inference.add(MAPPER.readTree("{\"id\": 1, \"n\": {\"a\": 2, \"m\": {\"b\": \"x\"}}}"));
    InferredColumns columns = inference.columns();
    Schema nested = columns.nestedSchema();
    assertEquals(List.of("id", "n"), nested.getFieldNames());
    Schema nSchema = nested.getField("n").getType().getRowSchema();
    Schema mSchema = nSchema.getField("m").getType().getRowSchema();
    Row row =
        Row.withSchema(nested)
            .addValues(
                1L,
                Row.withSchema(nSchema)
                    .addValues(2L, Row.withSchema(mSchema).addValue("x").build())
                    .build())
            .build();
    RowFlattener flattener = new RowFlattener(columns);
    assertEquals(List.of("id", "n.a", "n.m.b"), flattener.schema().getFieldNames());
    assertEquals(List.of(1L, 2L, "x"), flattener.flatten(row).getValues());
    Row empty = Row.withSchema(nested).addValues(3L, null).build();
    assertEquals(java.util.Arrays.asList(3L, null, null), flattener.flatten(empty).getValues());
  }
}
