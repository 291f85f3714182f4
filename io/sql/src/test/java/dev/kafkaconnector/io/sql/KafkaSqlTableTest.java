package dev.kafkaconnector.io.sql;

import static dev.kafkaconnector.io.sql.TablePropertiesTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/** Building a table's reader and writer (pipeline construction only: nothing connects). */
class KafkaSqlTableTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SOURCE =
      "\"topic\": \"t\", \"properties.bootstrap.servers\": \"localhost:1\", \"format\": \"json\","
          + " \"scan.startup.mode\": \"earliest-offset\", \"scan.bounded.mode\": \"latest-offset\"";

  static KafkaSqlTable table(Schema schema, String properties) throws Exception {
    Table t =
        Table.builder()
            .type("kafka-connector")
            .name("events")
            .schema(schema)
            .properties((ObjectNode) JSON.readTree(properties))
            .build();
    return (KafkaSqlTable) new KafkaConnectorTableProvider().buildBeamSqlTable(t);
  }

  @Test
  void readGivesTheDeclaredColumnOrder() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("record_offset", FieldType.INT64)
            .addNullableField("id", FieldType.INT32)
            .addNullableField("ts", FieldType.DATETIME)
            .build();
    KafkaSqlTable table =
        table(
            schema,
            "{"
                + SOURCE
                + ", \"metadata\": {\"record_offset\": \"offset\", \"ts\":"
                + " \"timestamp\"}}");
    PCollection<Row> rows = table.buildIOReader(Pipeline.create().begin());
    assertEquals(schema, rows.getSchema());
    assertEquals(PCollection.IsBounded.BOUNDED, table.isBounded());
  }

  @Test
  void aMetadataColumnOfTheWrongTypeNamesTableAndColumn() throws Exception {
    Schema schema =
        Schema.builder()
            .addNullableField("id", FieldType.INT32)
            .addNullableField("record_offset", FieldType.STRING)
            .build();
    // (another integer type would be converted)
    KafkaSqlTable table =
        table(schema, "{" + SOURCE + ", \"metadata\": {\"record_offset\": \"offset\"}}");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> table.buildIOReader(Pipeline.create().begin()));
    assertMessage(e, "Table 'events'", "'record_offset'", "INT64");
  }

  @Test
  void readerAndWriterErrorsNameTheTable() throws Exception {
    Schema schema = Schema.builder().addNullableField("id", FieldType.INT32).build();
    // specific offsets without the offsets: a source error, raised when a query reads
    KafkaSqlTable noOffsets =
        table(
            schema,
            "{\"topic\": \"t\", \"properties.bootstrap.servers\": \"h:1\", \"format\": \"json\","
                + " \"scan.startup.mode\": \"specific-offsets\"}");
    assertMessage(
        assertThrows(
            IllegalArgumentException.class,
            () -> noOffsets.buildIOReader(Pipeline.create().begin())),
        "Table 'events'",
        "'scan.startup.specific-offsets'");
    // a sink without topic
    KafkaSqlTable noTopic =
        table(schema, "{\"properties.bootstrap.servers\": \"h:1\", \"format\": \"json\"}");
    Pipeline p = Pipeline.create();
    PCollection<Row> input =
        p.apply(Create.of(Row.withSchema(schema).addValue(1).build()).withRowSchema(schema));
    assertMessage(
        assertThrows(IllegalArgumentException.class, () -> noTopic.buildIOWriter(input)),
        "Table 'events'",
        "'topic'");
  }
}
