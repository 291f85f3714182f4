package dev.kafkaconnector.io.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.schema.SqlType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** Inference of a read's schema from given records (no broker): layout, options, errors. */
class SchemaInferrerTest {

  private static Map<String, String> options(String... more) {
    Map<String, String> o = new HashMap<>();
    o.put("properties.bootstrap.servers", "127.0.0.1:1");
    o.put("topic", "orders");
    o.put("format", "json");
    o.put("scan.startup.mode", "earliest-offset");
    for (int i = 0; i < more.length; i += 2) {
      o.put(more[i], more[i + 1]);
    }
    return o;
  }

  private static RecordSampler records(String... keyValues) {
    List<RecordSampler.Sampled> out = new ArrayList<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      out.add(
          new RecordSampler.Sampled(
              "orders", 0, i / 2, bytes(keyValues[i]), bytes(keyValues[i + 1])));
    }
    return (spec, perPartition) -> out;
  }

  private static byte[] bytes(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  private static String sql(Schema schema) {
    StringBuilder out = new StringBuilder();
    for (Schema.Field f : schema.getFields()) {
      out.append(out.length() > 0 ? ", " : "")
          .append(f.getName())
          .append(' ')
          .append(SqlType.toSql(f.getType()));
    }
    return out.toString();
  }

  @Test
  void valueColumnsThenMetadata() {
    InferredRead read =
        SchemaInferrer.infer(
            options("metadata.list", "partition,offset"),
            List.of(),
            records(
                null,
                "{\"id\": 1, \"price\": 2}",
                null,
                "{\"id\": 2, \"price\": 2.5, \"note\": \"x\"}"));
    assertEquals(
        "id BIGINT, note STRING, price DOUBLE, partition INT NOT NULL, offset BIGINT NOT NULL",
        sql(read.outputSchema()));
    assertNull(read.reshape());
    assertEquals(2, read.sampledRecords());
  }

  @Test
  void keyColumnsComeFirstWithPrefixesAndANonJsonKeyAddsTheRawColumn() {
    InferredRead read =
        SchemaInferrer.infer(
            options(
                "key.format", "json", "key.fields-prefix", "key_", "value.fields-prefix", "value_"),
            List.of(),
            records(
                "{\"id\": 1}", "{\"id\": 1, \"name\": \"a\"}", "plain-key", "{\"name\": \"b\"}"));
    assertEquals(
        "key_id BIGINT, key_col BYTES, value_id BIGINT, value_name STRING",
        sql(read.outputSchema()));
    assertEquals("key_id", read.options().get("key.fields"));
    assertEquals("EXCEPT_KEY", read.options().get("value.fields-include"));
    assertNotNull(read.reshape(), "the raw key is metadata, moved before the value columns");
    // The read itself accepts what inference worked out.
    SourceOptionsParser.parse("t", read.options(), read.physicalSchema(), read.metadataColumns());
  }

  @Test
  void asUpsertKeysTheReadByTheKeyColumnsAndAddsRowKind() {
    InferredRead read =
        SchemaInferrer.infer(
            options("key.format", "json", "key.fields-prefix", "key_"),
            List.of(),
            records("{\"id\": 1}", "{\"name\": \"a\"}", "{\"id\": 1}", null),
            true);
    assertEquals("key_id BIGINT, name STRING, row-kind STRING NOT NULL", sql(read.outputSchema()));
    assertEquals(List.of("key_id"), read.primaryKey());
    assertEquals("upsert-kafka", read.options().get("connector"));
    InferredRead plain =
        SchemaInferrer.infer(options(), List.of(), records(null, "{\"name\": \"a\"}"), true);
    assertTrue(plain.primaryKey().isEmpty(), "no key columns: a plain read");
  }

  @Test
  void onlyNonJsonKeysGiveOnlyTheRawColumnAndNoKeyFormat() {
    InferredRead read =
        SchemaInferrer.infer(
            options(
                "key.format",
                "json",
                "key.json.ignore-parse-errors",
                "true",
                "infer-schema.parse-key-error.field-name",
                "raw"),
            List.of(),
            records("k1", "{\"a\": true}", "", "{\"a\": false}"));
    assertEquals("raw BYTES, a BOOLEAN", sql(read.outputSchema()));
    assertTrue(!read.options().containsKey("key.format"));
    assertTrue(!read.options().containsKey("key.json.ignore-parse-errors"));
  }

  @Test
  void flattenedColumnsAreDecodedNestedAndFlattened() {
    InferredRead read =
        SchemaInferrer.infer(
            options("json.infer-schema.flatten-nested-columns.enable", "true"),
            List.of(),
            records(null, "{\"id\": 1, \"nested\": {\"col\": true, \"n\": {\"x\": 1}}}"));
    assertEquals("id BIGINT, nested.col BOOLEAN, nested.n.x BIGINT", sql(read.outputSchema()));
    assertEquals(List.of("id", "nested"), read.physicalSchema().getFieldNames());
    Schema nested = read.physicalSchema().getField("nested").getType().getRowSchema();
    Schema n = nested.getField("n").getType().getRowSchema();
    Row decoded =
        Row.withSchema(read.physicalSchema())
            .addValues(
                1L,
                Row.withSchema(nested)
                    .addValues(true, Row.withSchema(n).addValue(1L).build())
                    .build())
            .build();
    assertEquals(List.of(1L, true, 1L), read.reshape().flatten(decoded).getValues());
  }

  @Test
  void scopedSpellingsWinOverFormatWideOverConnector() {
    String doc = "{\"a\": 1}";
    assertEquals(
        "a STRING",
        sql(
            SchemaInferrer.infer(
                    options("infer-schema.primitive-as-string", "true"),
                    List.of(),
                    records(null, doc))
                .outputSchema()));
    assertEquals(
        "a BIGINT",
        sql(
            SchemaInferrer.infer(
                    options(
                        "infer-schema.primitive-as-string",
                        "true",
                        "json.infer-schema.primitive-as-string",
                        "false"),
                    List.of(),
                    records(null, doc))
                .outputSchema()));
    assertEquals(
        "a STRING",
        sql(
            SchemaInferrer.infer(
                    options(
                        "json.infer-schema.primitive-as-string",
                        "false",
                        "value.json.infer-schema.primitive-as-string",
                        "true"),
                    List.of(),
                    records(null, doc))
                .outputSchema()));
  }

  @Test
  void timestampStandardIsTheDecoders() {
    String doc = "{\"t\": \"2020-12-30T12:13:14\"}";
    assertEquals(
        "t STRING",
        sql(SchemaInferrer.infer(options(), List.of(), records(null, doc)).outputSchema()));
    assertEquals(
        "t TIMESTAMP",
        sql(
            SchemaInferrer.infer(
                    options("json.timestamp-format.standard", "ISO-8601"),
                    List.of(),
                    records(null, doc))
                .outputSchema()));
  }

  @Test
  void fixedTypesWithoutSampling() {
    RecordSampler never =
        (spec, n) -> {
          throw new AssertionError("sampled");
        };
    InferredRead read =
        SchemaInferrer.infer(
            options(
                "scan.max.pre.fetch.records",
                "0",
                "json.infer-schema.fixed-types",
                "id BIGINT, name VARCHAR(10)"),
            List.of(),
            never);
    assertEquals("id BIGINT, name STRING", sql(read.outputSchema()));
  }

  @Test
  void errorsNameTheTopicOrTheKey() {
    IllegalArgumentException empty =
        assertThrows(
            IllegalArgumentException.class,
            () -> SchemaInferrer.infer(options(), List.of(), records()));
    assertTrue(empty.getMessage().contains("topic=orders has no records"), empty.getMessage());
    IllegalArgumentException noObject =
        assertThrows(
            IllegalArgumentException.class,
            () -> SchemaInferrer.infer(options(), List.of(), records(null, "[1]", null, "x")));
    assertTrue(noObject.getMessage().contains("no JSON object among the 2"), noObject.getMessage());
    IllegalArgumentException csv =
        assertThrows(
            IllegalArgumentException.class,
            () -> SchemaInferrer.infer(options("format", "csv"), List.of(), records()));
    assertTrue(csv.getMessage().contains("'format' is 'csv'"), csv.getMessage());
    IllegalArgumentException typo =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SchemaInferrer.infer(
                    options("json.infer-schema.primitive-as-strin", "true"), List.of(), records()));
    assertTrue(
        typo.getMessage().contains("json.infer-schema.primitive-as-strin"), typo.getMessage());
    IllegalArgumentException badFixed =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SchemaInferrer.infer(
                    options("infer-schema.fixed-types", "id NUMBERZ"),
                    List.of(),
                    records(null, "{}")));
    assertTrue(badFixed.getMessage().contains("'infer-schema.fixed-types'"), badFixed.getMessage());
    IllegalArgumentException clash =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SchemaInferrer.infer(
                    options("key.format", "json"),
                    List.of(),
                    records("{\"id\": 1}", "{\"id\": 1}")));
    assertTrue(clash.getMessage().contains("'key.fields-prefix'"), clash.getMessage());
  }
}
