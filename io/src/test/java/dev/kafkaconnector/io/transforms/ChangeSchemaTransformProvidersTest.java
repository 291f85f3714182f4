package dev.kafkaconnector.io.transforms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.PCollectionTuple;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The configuration rows of {@code kafka_read_changes} and {@code kafka_write_changes} map to the
 * connector's change source and sink; bad configurations fail naming the field or key; change
 * events become per-table changelog rows and back (DirectRunner, no broker).
 */
class ChangeSchemaTransformProvidersTest {
  private static final String READ = KafkaReadChangesSchemaTransformProvider.IDENTIFIER;
  private static final String WRITE = KafkaWriteChangesSchemaTransformProvider.IDENTIFIER;
  private static final Schema PRODUCT =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", Schema.FieldType.STRING)
          .build();

  private static SchemaTransformProvider provider(String urn) {
    for (SchemaTransformProvider p : ServiceLoader.load(SchemaTransformProvider.class)) {
      if (p.identifier().equals(urn)) {
        return p;
      }
    }
    throw new AssertionError(urn + " is not registered with ServiceLoader");
  }

  private static Row config(String urn, Map<String, Object> values) {
    Schema schema = provider(urn).configurationSchema();
    Row.FieldValueBuilder row = Row.withSchema(schema).withFieldValues(Map.of());
    for (Map.Entry<String, Object> value : values.entrySet()) {
      row = row.withFieldValue(value.getKey(), value.getValue());
    }
    return row.build();
  }

  private static Map<String, Object> validRead() {
    Map<String, Object> values = new HashMap<>();
    values.put("topic", "cdc");
    values.put("bootstrap_servers", "broker:9092");
    values.put("value_format", "canal-json");
    values.put("scan_startup_mode", "earliest-offset");
    values.put("scan_bounded_mode", "latest-offset");
    values.put("tables", List.of("shop.products", "shop.orders"));
    values.put(
        "schemas",
        Map.of(
            "shop.products", "id BIGINT NOT NULL, name STRING",
            "shop.orders", "order_id INT, amount DECIMAL(10, 2)"));
    values.put("options", Map.of("properties.group.id", "g1"));
    return values;
  }

  private static Map<String, Object> validWrite() {
    Map<String, Object> values = new HashMap<>();
    values.put("topic", "out");
    values.put("bootstrap_servers", "broker:9092");
    values.put("value_format", "canal-json");
    values.put("key_format", "csv");
    values.put("partition_strategy", "hash-by-key");
    values.put("database", "shop");
    values.put("table", "products");
    values.put("primary_key", List.of("id"));
    values.put("options", Map.of("properties.linger.ms", "5"));
    return values;
  }

  private static void failsNaming(Executable build, String... words) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
    for (String word : words) {
      assertTrue(
          e.getMessage().contains(word), () -> "expected '" + word + "' in: " + e.getMessage());
    }
  }

  private static KafkaReadChangesSchemaTransformProvider.ReadChangesTransform read(
      Map<String, Object> values) {
    return (KafkaReadChangesSchemaTransformProvider.ReadChangesTransform)
        provider(READ).from(config(READ, values));
  }

  private static KafkaWriteChangesSchemaTransformProvider.WriteChangesTransform write(
      Map<String, Object> values) {
    return (KafkaWriteChangesSchemaTransformProvider.WriteChangesTransform)
        provider(WRITE).from(config(WRITE, values));
  }

  @Test
  void configurationFieldsAreSnakeCaseWithTheDocumentedCollections() {
    assertEquals(
        java.util.Set.of(
            "topic",
            "topic_pattern",
            "bootstrap_servers",
            "group_id",
            "value_format",
            "scan_startup_mode",
            "scan_bounded_mode",
            "schema_change_behavior",
            "tables",
            "schemas",
            "row_kind_column",
            "options",
            "error_handling"),
        java.util.Set.copyOf(provider(READ).configurationSchema().getFieldNames()));
    assertTrue(provider(WRITE).configurationSchema().hasField("primary_key"));
    assertEquals(List.of(), provider(READ).inputCollectionNames());
    assertEquals(List.of("errors"), provider(READ).outputCollectionNames());
    assertEquals(List.of("input"), provider(WRITE).inputCollectionNames());
  }

  @Test
  void readFieldsBecomeOptionsAndSchemasTheInitialDdls() {
    var transform = read(validRead());
    Map<String, String> options = transform.options();
    assertEquals("canal-json", options.get("value.format"));
    assertEquals("latest-offset", options.get("scan.bounded.mode"));
    assertEquals("g1", options.get("properties.group.id"));
    assertTrue(options.get("scan.value.initial-schemas.ddls").contains("`shop`.`products`"));
    // every table declared: no broker is asked
    ChangeTables tables = transform.resolveTables();
    assertEquals(
        List.of("shop_products", "shop_orders"),
        tables.tables().stream().map(ChangeTables.Table::output).toList());
    Schema products = tables.tables().get(0).rows();
    assertEquals(List.of("id", "name", "row_kind"), products.getFieldNames());
    assertEquals(Schema.TypeName.INT64, products.getField("id").getType().getTypeName());
    assertEquals(Boolean.FALSE, products.getField("id").getType().getNullable());
  }

  @Test
  void readConfigurationErrorsNameTheField() {
    Map<String, Object> noTables = validRead();
    noTables.remove("tables");
    noTables.remove("schemas");
    failsNaming(() -> read(noTables), "kafka_read_changes", "'tables'");

    Map<String, Object> unlisted = validRead();
    unlisted.put("tables", List.of("shop.products"));
    failsNaming(() -> read(unlisted), "'schemas'", "shop.orders");

    Map<String, Object> clash = validRead();
    clash.put("tables", List.of("a.b", "a_b"));
    clash.remove("schemas");
    failsNaming(() -> read(clash), "'a_b'");

    Map<String, Object> behavior = validRead();
    behavior.put("schema_change_behavior", "sometimes");
    failsNaming(() -> read(behavior), "schema_change_behavior", "LENIENT");

    Map<String, Object> format = validRead();
    format.put("value_format", "csv");
    failsNaming(() -> read(format), "value.format", "value_format");

    Map<String, Object> key = validRead();
    key.put("options", Map.of("no.such.key", "1"));
    failsNaming(() -> read(key), "no.such.key");

    Map<String, Object> kind = validRead();
    kind.put("row_kind_column", "name");
    failsNaming(() -> read(kind).resolveTables(), "row_kind_column", "shop.products");
  }

  @Test
  void writeFieldsBecomeTheSinksOptions() {
    var transform = write(validWrite());
    Map<String, String> options = transform.write().options();
    assertEquals("out", options.get("topic"));
    assertEquals("canal-json", options.get("value.format"));
    assertEquals("csv", options.get("key.format"));
    assertEquals("hash-by-key", options.get("partition.strategy"));
    assertEquals("5", options.get("properties.linger.ms"));
    assertEquals(TableId.of("shop", "products"), transform.table());

    Map<String, Object> noTable = validWrite();
    noTable.remove("table");
    failsNaming(() -> write(noTable), "kafka_write_changes", "'table'");
    Map<String, Object> strategy = validWrite();
    strategy.put("partition_strategy", "round-robin");
    failsNaming(() -> write(strategy), "partition.strategy", "partition_strategy");
    Schema noKind = PRODUCT;
    failsNaming(() -> write(validWrite()).layout(noKind), "row_kind");
    Schema withKind = Schema.builder().addInt64Field("sku").addStringField("row_kind").build();
    failsNaming(() -> write(validWrite()).layout(withKind), "primary_key", "id");
  }

  @Test
  void changeEventsBecomePerTableChangelogRowsAndBack() {
    TableId products = TableId.of("shop", "products");
    Row a = Row.withSchema(PRODUCT).addValues(1L, "apple").build();
    Row b = Row.withSchema(PRODUCT).addValues(1L, "pear").build();
    Schema wider =
        Schema.builder()
            .addInt64Field("id")
            .addNullableField("name", Schema.FieldType.STRING)
            .addNullableField("weight", Schema.FieldType.DOUBLE)
            .build();
    List<ChangeEvent> events =
        List.of(
            DataChangeEvent.insert(products, a, 0),
            DataChangeEvent.update(products, a, b, 0),
            DataChangeEvent.delete(products, b, 0),
            DataChangeEvent.insert(TableId.of("shop", "other"), a, 0),
            // a column the output lacks: null passes, a value is an error
            DataChangeEvent.insert(
                products, Row.withSchema(wider).addValues(2L, "fig", null).build(), 1),
            DataChangeEvent.insert(
                products, Row.withSchema(wider).addValues(3L, "kiwi", 0.5).build(), 1));
    var transform = read(validRead());
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollectionTuple rows =
        p.apply(Create.of(events).withCoder(ChangeEventCoder.of()))
            .apply(new TableRows(transform.resolveTables(), true));
    Schema out = transform.resolveTables().tables().get(0).rows();
    List<Row> expected =
        List.of(
            Row.withSchema(out).addValues(1L, "apple", "+I").build(),
            Row.withSchema(out).addValues(1L, "apple", "-U").build(),
            Row.withSchema(out).addValues(1L, "pear", "+U").build(),
            Row.withSchema(out).addValues(1L, "pear", "-D").build(),
            Row.withSchema(out).addValues(2L, "fig", "+I").build());
    PAssert.that(rows.get(TableRows.tag(transform.resolveTables().tables().get(0))))
        .satisfies(
            actual -> {
              List<Row> list = new java.util.ArrayList<>();
              actual.forEach(list::add);
              assertEquals(
                  new java.util.HashSet<>(expected), new java.util.HashSet<>(list), "rows");
              assertEquals(expected.size(), list.size(), () -> "rows " + list);
              return null;
            });
    PAssert.that(rows.get(TableRows.ERRORS))
        .satisfies(
            errors -> {
              List<Row> list = new java.util.ArrayList<>();
              errors.forEach(list::add);
              assertEquals(1, list.size(), () -> "errors " + list);
              String message = list.get(0).getString("error_message");
              assertTrue(
                  message.contains("'weight'") && message.contains("shop.products"), message);
              assertTrue(new String(list.get(0).getBytes("failed_row")).contains("kiwi"));
              return null;
            });
    p.run().waitUntilFinish();
  }

  @Test
  void changelogRowsBecomeChangesAndBadKindsErrors() {
    var transform = write(validWrite());
    Schema input =
        Schema.builder()
            .addInt64Field("id")
            .addStringField("name")
            .addNullableField("row_kind", Schema.FieldType.STRING)
            .build();
    ChangesOfRows.Layout layout = transform.layout(input);
    Row insert = Row.withSchema(input).addValues(1L, "apple", "+I").build();
    DataChangeEvent change = layout.change(insert);
    assertEquals(DataChangeEvent.Op.INSERT, change.op());
    assertEquals(List.of("id"), change.primaryKey());
    assertEquals(List.of("id", "name"), change.after().getSchema().getFieldNames());
    assertEquals(insert, layout.inputRow(change));
    assertEquals(
        DataChangeEvent.Op.UPDATE,
        layout.change(Row.withSchema(input).addValues(1L, "a", "+U").build()).op());
    assertEquals(
        DataChangeEvent.Op.DELETE,
        layout.change(Row.withSchema(input).addValues(1L, "a", "-U").build()).op());
    assertEquals(null, layout.change(Row.withSchema(input).addValues(1L, "a", "x").build()));

    Map<String, Object> values = validWrite();
    values.put(
        "error_handling",
        Row.withSchema(
                provider(WRITE)
                    .configurationSchema()
                    .getField("error_handling")
                    .getType()
                    .getRowSchema())
            .withFieldValue("output", "errors")
            .build());
    Pipeline p = Pipeline.create(PipelineOptionsFactory.create());
    PCollection<Row> rows =
        p.apply(
            Create.of(Row.withSchema(input).addValues(1L, "a", null).build()).withRowSchema(input));
    PCollectionTuple out = rows.apply(new ChangesOfRows(layout, true));
    PAssert.that(out.get(ChangesOfRows.ERRORS))
        .satisfies(
            errors -> {
              Row error = errors.iterator().next();
              assertEquals(1L, error.getRow("failed_row").getInt64("id"));
              assertTrue(error.getString("error_message").contains("'row_kind'"));
              return null;
            });
    PAssert.that(out.get(ChangesOfRows.CHANGES))
        .satisfies(
            changes -> {
              assertTrue(!changes.iterator().hasNext(), "no change of a bad kind");
              return null;
            });
    p.run().waitUntilFinish();
    // the applied transform has its declared error output
    Pipeline q = Pipeline.create(PipelineOptionsFactory.create());
    PCollectionRowTuple applied =
        PCollectionRowTuple.of("input", q.apply(Create.of(insert).withRowSchema(input)))
            .apply(provider(WRITE).from(config(WRITE, values)));
    assertEquals(
        List.of("failed_row", "error_message"), applied.get("errors").getSchema().getFieldNames());
  }
}
