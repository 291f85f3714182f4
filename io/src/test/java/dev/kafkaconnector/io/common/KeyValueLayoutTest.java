package dev.kafkaconnector.io.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class KeyValueLayoutTest {
  private static final Schema TABLE =
      Schema.builder()
          .addNullableField("key_id", FieldType.INT32)
          .addStringField("val_name")
          .addNullableField("val_age", FieldType.INT32)
          .build();

  private static KeyValueLayout exceptKey() {
    return KeyValueLayout.create(
        TABLE,
        List.of("key_id"),
        "key_",
        "val_",
        ValueFieldsInclude.EXCEPT_KEY,
        DuplicateFieldStrategy.EXCEPTION);
  }

  @Test
  void prefixesAreRemovedForTheFormats() {
    KeyValueLayout layout = exceptKey();
    assertEquals(List.of("id"), layout.keySchema().getFieldNames());
    assertEquals(List.of("name", "age"), layout.valueSchema().getFieldNames());
    assertEquals(FieldType.INT32.withNullable(true), layout.keySchema().getField("id").getType());
    assertTrue(layout.readsKey());
    assertFalse(layout.isValueOnly());
  }

  @Test
  void assemblesColumnsInTableOrder() throws Exception {
    KeyValueLayout layout = exceptKey();
    Row key = Row.withSchema(layout.keySchema()).addValue(7).build();
    Row value = Row.withSchema(layout.valueSchema()).addValues("ann", 31).build();
    List<Object> out = new ArrayList<>();
    layout.assemble(key, value, out);
    assertEquals(Arrays.asList(7, "ann", 31), out);
    out.clear();
    layout.assemble(null, value, out);
    assertEquals(Arrays.asList(null, "ann", 31), out, "a record without key: null key columns");
  }

  @Test
  void missingKeyForNotNullKeyColumnIsAnError() {
    Schema schema = Schema.builder().addInt32Field("id").addStringField("name").build();
    KeyValueLayout layout =
        KeyValueLayout.create(
            schema,
            List.of("id"),
            "",
            "",
            ValueFieldsInclude.EXCEPT_KEY,
            DuplicateFieldStrategy.EXCEPTION);
    Row value = Row.withSchema(layout.valueSchema()).addValue("x").build();
    KeyValueLayout.LayoutException e =
        assertThrows(
            KeyValueLayout.LayoutException.class,
            () -> layout.assemble(null, value, new ArrayList<>()));
    assertEquals("id", e.column());
  }

  @Test
  void duplicateColumnFollowsTheStrategy() throws Exception {
    Schema schema = Schema.builder().addStringField("id").addStringField("name").build();
    for (DuplicateFieldStrategy strategy : DuplicateFieldStrategy.values()) {
      KeyValueLayout layout =
          KeyValueLayout.create(schema, List.of("id"), "", "", ValueFieldsInclude.ALL, strategy);
      assertEquals(List.of("id", "name"), layout.valueSchema().getFieldNames());
      Row key = Row.withSchema(layout.keySchema()).addValue("k").build();
      Row same = Row.withSchema(layout.valueSchema()).addValues("k", "n").build();
      Row other = Row.withSchema(layout.valueSchema()).addValues("v", "n").build();
      List<Object> out = new ArrayList<>();
      layout.assemble(key, same, out);
      assertEquals(List.of("k", "n"), out, strategy + " with equal values");
      out.clear();
      if (strategy == DuplicateFieldStrategy.EXCEPTION) {
        KeyValueLayout.LayoutException e =
            assertThrows(
                KeyValueLayout.LayoutException.class,
                () -> layout.assemble(key, other, new ArrayList<>()));
        assertTrue(e.getMessage().contains("scan.duplicate-field.strategy"), e.getMessage());
      } else {
        layout.assemble(key, other, out);
        assertEquals(strategy == DuplicateFieldStrategy.PREFER_KEY ? "k" : "v", out.get(0));
      }
    }
  }

  @Test
  void valueOnlyLayoutIsPassThrough() {
    KeyValueLayout layout =
        KeyValueLayout.create(
            TABLE, List.of(), "", "", ValueFieldsInclude.ALL, DuplicateFieldStrategy.EXCEPTION);
    assertTrue(layout.isValueOnly());
    assertEquals(TABLE, layout.valueSchema());
  }

  @Test
  void invalidCombinationsNameTheKeys() {
    assertMessage(
        () ->
            KeyValueLayout.create(
                TABLE,
                List.of("key_id"),
                "key_",
                "",
                ValueFieldsInclude.ALL,
                DuplicateFieldStrategy.EXCEPTION),
        "'key.fields-prefix' requires 'value.fields-include' = 'EXCEPT_KEY'");
    assertMessage(
        () ->
            KeyValueLayout.create(
                TABLE,
                List.of("key_id"),
                "key_",
                "key",
                ValueFieldsInclude.EXCEPT_KEY,
                DuplicateFieldStrategy.EXCEPTION),
        "'key.fields-prefix' ('key_') and 'value.fields-prefix' ('key')");
    assertMessage(
        () ->
            KeyValueLayout.create(
                TABLE,
                List.of("nope"),
                "",
                "",
                ValueFieldsInclude.ALL,
                DuplicateFieldStrategy.EXCEPTION),
        "Column 'nope' of option 'key.fields' is not in the schema");
    assertMessage(
        () ->
            KeyValueLayout.create(
                TABLE,
                List.of("val_name"),
                "key_",
                "",
                ValueFieldsInclude.EXCEPT_KEY,
                DuplicateFieldStrategy.EXCEPTION),
        "does not start with 'key.fields-prefix' = 'key_'");
    assertMessage(
        () ->
            KeyValueLayout.create(
                TABLE,
                List.of(),
                "",
                "val_",
                ValueFieldsInclude.ALL,
                DuplicateFieldStrategy.EXCEPTION),
        "Column 'key_id' is read from the value but does not start with 'value.fields-prefix'");
    assertMessage(
        () ->
            KeyValueLayout.create(
                TABLE,
                List.of("key_id", "key_id"),
                "",
                "",
                ValueFieldsInclude.ALL,
                DuplicateFieldStrategy.EXCEPTION),
        "listed twice");
  }

  private static void assertMessage(org.junit.jupiter.api.function.Executable call, String text) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertTrue(e.getMessage().contains(text), e.getMessage());
  }
}
