package dev.kafkaconnector.schema.change;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class SchemaChangeEventTest {
  private static final TableId T = TableId.of("db", "t");
  private static final Schema BASE =
      Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();

  @Test
  void createReplacesAndChecksThePrimaryKey() {
    assertEquals(BASE, new CreateTableEvent(T, BASE, List.of("id")).applyTo(null));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new CreateTableEvent(T, BASE, List.of("nope")));
    assertTrue(e.getMessage().contains("db.t") && e.getMessage().contains("nope"), e.getMessage());
  }

  @Test
  void addAppendsAndRejectsAnExistingColumn() {
    Field weight = Field.nullable("weight", FieldType.DOUBLE);
    Schema after = new AddColumnEvent(T, List.of(weight)).applyTo(BASE);
    assertEquals(List.of("id", "name", "weight"), after.getFieldNames());
    assertEquals(
        List.of("weight"), new AddColumnEvent(T, List.of(weight)).applyTo(null).getFieldNames());
    assertThrows(
        IllegalArgumentException.class,
        () -> new AddColumnEvent(T, List.of(Field.of("id", FieldType.STRING))).applyTo(BASE));
  }

  @Test
  void alterChangesTypesInPlace() {
    Schema after =
        new AlterColumnTypeEvent(T, Map.of("id", FieldType.DOUBLE.withNullable(true)))
            .applyTo(BASE);
    assertEquals(List.of("id", "name"), after.getFieldNames());
    assertEquals(FieldType.DOUBLE.withNullable(true), after.getField("id").getType());
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new AlterColumnTypeEvent(T, Map.of("x", FieldType.DOUBLE)).applyTo(BASE));
    assertTrue(e.getMessage().contains("'x'"), e.getMessage());
  }

  @Test
  void dropAndRename() {
    assertEquals(
        List.of("id"), new DropColumnEvent(T, List.of("name")).applyTo(BASE).getFieldNames());
    assertEquals(
        List.of("id", "title"),
        new RenameColumnEvent(T, Map.of("name", "title")).applyTo(BASE).getFieldNames());
    assertThrows(
        IllegalArgumentException.class,
        () -> new RenameColumnEvent(T, Map.of("name", "id")).applyTo(BASE));
    assertThrows(
        IllegalArgumentException.class, () -> new DropColumnEvent(T, List.of("x")).applyTo(BASE));
  }

  @Test
  void dataChangesHaveTheImagesTheirOperationNeeds() {
    Row row = Row.withSchema(BASE).addValues(1L, "a").build();
    assertEquals(BASE, DataChangeEvent.insert(T, row, 0).schema());
    assertEquals(BASE, DataChangeEvent.delete(T, row, 0).schema());
    DataChangeEvent.update(T, null, row, 0);
    assertThrows(
        IllegalArgumentException.class,
        () -> new DataChangeEvent(T, DataChangeEvent.Op.INSERT, row, row, 0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new DataChangeEvent(T, DataChangeEvent.Op.DELETE, null, row, 0));
    Row other = Row.withSchema(Schema.builder().addInt64Field("id").build()).addValue(1L).build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DataChangeEvent.update(T, other, row, 0));
    assertTrue(e.getMessage().contains("different schemas"), e.getMessage());
  }
}
