package dev.kafkaconnector.io.cdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The {@code infer-schema.*} options of {@code readChanges()} scoped by side: {@code key.json.*} to
 * the key only, {@code value.json.*} and the value format's own keys to the value only, {@code
 * json.*} to every json side, the most specific spelling winning.
 */
class SideInferenceTest {
  private static final String KEY = "{\"id\":7,\"at\":\"2024-01-02\",\"k\":{\"a\":1}}";
  private static final String VALUE = "{\"n\":5,\"day\":\"2024-01-03\",\"v\":{\"b\":true}}";

  /** A key and value json source with prefixes k_ and v_, plus {@code more} (key, value, ...). */
  private static Map<String, String> options(String... more) {
    Map<String, String> options = new HashMap<>();
    options.put("properties.bootstrap.servers", "localhost:1");
    options.put("topic", "t");
    options.put("scan.startup.mode", "earliest-offset");
    options.put("key.format", "json");
    options.put("value.format", "json");
    options.put("key.fields-prefix", "k_");
    options.put("value.fields-prefix", "v_");
    for (int i = 0; i < more.length; i += 2) {
      options.put(more[i], more[i + 1]);
    }
    return options;
  }

  private static List<ChangeEvent> decode(Map<String, String> options, String key, String value) {
    ChangeRecordDecoder decoder = ChangeSourceParser.parse("test", options).decoder();
    decoder.open();
    List<ChangeEvent> out = new ArrayList<>();
    decoder.handle(
        new ConsumerRecord<>(
            "t",
            0,
            0L,
            key.getBytes(StandardCharsets.UTF_8),
            value.getBytes(StandardCharsets.UTF_8)),
        out::add);
    return out;
  }

  private static Schema schema(String... options) {
    return ((CreateTableEvent) decode(options(options), KEY, VALUE).get(0)).schema();
  }

  private static TypeName type(Schema schema, String column) {
    return schema.getField(column).getType().getTypeName();
  }

  @Test
  void withoutScopedOptionsBothSidesUseTheDefaults() {
    Schema s = schema();
    assertEquals(TypeName.INT64, type(s, "k_id"));
    assertEquals(TypeName.INT64, type(s, "v_n"));
    assertEquals(TypeName.LOGICAL_TYPE, type(s, "k_at"), "string-type inference on by default");
    assertEquals(TypeName.STRING, type(s, "k_k"), "nested objects are not flattened by default");
  }

  @Test
  void keyScopedPrimitiveAsStringAppliesToTheKeyOnly() {
    Schema s = schema("key.json.infer-schema.primitive-as-string", "true");
    assertEquals(TypeName.STRING, type(s, "k_id"));
    assertEquals(TypeName.INT64, type(s, "v_n"));
  }

  @Test
  void valueScopedPrimitiveAsStringAppliesToTheValueOnly() {
    Schema s = schema("value.json.infer-schema.primitive-as-string", "true");
    assertEquals(TypeName.INT64, type(s, "k_id"));
    assertEquals(TypeName.STRING, type(s, "v_n"));
    DataChangeEvent row =
        (DataChangeEvent)
            decode(options("value.json.infer-schema.primitive-as-string", "true"), KEY, VALUE)
                .get(1);
    assertEquals(7L, row.after().getInt64("k_id"));
    assertEquals("5", row.after().getString("v_n"));
  }

  @Test
  void formatPrefixAppliesToBothSidesAndTheScopedKeyWins() {
    Schema both = schema("json.infer-schema.primitive-as-string", "true");
    assertEquals(TypeName.STRING, type(both, "k_id"));
    assertEquals(TypeName.STRING, type(both, "v_n"));
    Schema keyOverrides =
        schema(
            "json.infer-schema.primitive-as-string",
            "true",
            "key.json.infer-schema.primitive-as-string",
            "false");
    assertEquals(TypeName.INT64, type(keyOverrides, "k_id"));
    assertEquals(TypeName.STRING, type(keyOverrides, "v_n"));
  }

  @Test
  void theValueFormatsOwnKeysDoNotReachTheJsonKey() {
    String debezium =
        "{\"before\":null,\"after\":{\"n\":5},\"source\":{\"db\":\"d\",\"table\":\"t\"},"
            + "\"op\":\"c\"}";
    Map<String, String> options =
        options(
            "value.format",
            "debezium-json",
            "debezium-json.infer-schema.primitive-as-string",
            "true");
    Schema s = ((CreateTableEvent) decode(options, "{\"id\":7}", debezium).get(0)).schema();
    assertEquals(TypeName.INT64, type(s, "k_id"));
    assertEquals(TypeName.STRING, type(s, "v_n"));
  }

  @Test
  void stringTypeInferenceIsScopedBySide() {
    Schema s = schema("key.json.infer-schema.string-type-inference", "false");
    assertEquals(TypeName.STRING, type(s, "k_at"));
    assertEquals(TypeName.LOGICAL_TYPE, type(s, "v_day"));
    Schema value = schema("value.json.infer-schema.string-type-inference", "false");
    assertEquals(TypeName.LOGICAL_TYPE, type(value, "k_at"));
    assertEquals(TypeName.STRING, type(value, "v_day"));
  }

  @Test
  void flattenNestedColumnsIsScopedBySide() {
    Schema key = schema("key.json.infer-schema.flatten-nested-columns.enable", "true");
    assertTrue(key.hasField("k_k.a"), key.toString());
    assertEquals(TypeName.STRING, type(key, "v_v"));
    Schema value = schema("value.json.infer-schema.flatten-nested-columns.enable", "true");
    assertEquals(TypeName.STRING, type(value, "k_k"));
    assertEquals(TypeName.BOOLEAN, type(value, "v_v.b"));
  }

  @Test
  void fixedTypesNameTheSidesMembersUnderTheirPrefix() {
    Schema s =
        schema(
            "key.json.infer-schema.fixed-types", "id INT",
            "value.json.infer-schema.fixed-types", "n DECIMAL(10, 2)");
    assertEquals(FieldType.INT32, s.getField("k_id").getType().withNullable(false));
    assertEquals(TypeName.DECIMAL, type(s, "v_n"), s.toString());
    assertTrue(!s.hasField("id") && !s.hasField("n"), s.toString());
  }

  @Test
  void aBadValueNamesTheKeyAsWritten() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> schema("key.json.infer-schema.primitive-as-string", "yes"));
    assertTrue(
        e.getMessage().contains("'key.json.infer-schema.primitive-as-string'"), e.getMessage());
    IllegalArgumentException fixed =
        assertThrows(
            IllegalArgumentException.class,
            () -> schema("key.json.infer-schema.fixed-types", "id NOT_A_TYPE"));
    assertTrue(
        fixed.getMessage().contains("'key.json.infer-schema.fixed-types'"), fixed.getMessage());
  }
}
