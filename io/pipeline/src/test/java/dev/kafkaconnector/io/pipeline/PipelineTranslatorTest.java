package dev.kafkaconnector.io.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.runners.direct.DirectOptions;
import org.apache.beam.runners.direct.DirectRunner;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptionsFactory;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class PipelineTranslatorTest {
  private static final TableId T1 = TableId.of("mydb", "mytable1");
  private static final TableId T2 = TableId.of("mydb", "mytable2");
  private static final Schema S1 = Schema.builder().addInt64Field("id").build();
  private static final Schema S2 =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", Schema.FieldType.STRING)
          .build();

  private static Pipeline pipeline() {
    DirectOptions options = PipelineOptionsFactory.as(DirectOptions.class);
    options.setRunner(DirectRunner.class);
    return Pipeline.create(options);
  }

  private static PipelineDefinitionException error(String yaml) {
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(yaml, Map.of(), Map.of(), Map.of());
    return assertThrows(
        PipelineDefinitionException.class, () -> PipelineTranslator.apply(pipeline(), definition));
  }

  @Test
  void kafkaSourceOptionsAreValidatedWithTheirPath() {
    PipelineDefinitionException unknown =
        error(
            "source:\n  type: kafka\n  properties.bootstrap.servers: h:1\n  topic: t\n"
                + "  topicx: t\nsink:\n  type: print\n");
    assertEquals("source.topicx", unknown.path());
    PipelineDefinitionException noServers =
        error("source:\n  type: kafka\n  topic: t\nsink:\n  type: print\n");
    assertTrue(noServers.getMessage().startsWith("source"), noServers.getMessage());
    assertTrue(
        noServers.getMessage().contains("properties.bootstrap.servers"), noServers.getMessage());
    PipelineDefinitionException badValue =
        error(
            "source:\n  type: kafka\n  properties.bootstrap.servers: h:1\n  topic: t\n"
                + "  scan.startup.mode: sometime\nsink:\n  type: print\n");
    assertEquals("source.scan.startup.mode", badValue.path());
  }

  @Test
  void kafkaSinkOptionsAreValidatedWithTheirPath() {
    EVENTS_ONE();
    PipelineDefinitionException e =
        error(
            "source:\n  type: test-events\n  id: one\nsink:\n  type: kafka\n"
                + "  properties.bootstrap.servers: h:1\n  partition.strategy: round-robin\n");
    assertEquals("sink.partition.strategy", e.path());
  }

  /** The spec's sink value formats include canal-protobuf; a source cannot read it. */
  @Test
  void canalProtobufIsASinkValueFormatOnly() {
    EVENTS_ONE();
    PipelineDefinition sink =
        PipelineDefinitionParser.parse(
            "source:\n  type: test-events\n  id: one\nsink:\n  type: kafka\n"
                + "  properties.bootstrap.servers: h:1\n  value.format: canal-protobuf\n",
            Map.of(),
            Map.of(),
            Map.of());
    PipelineTranslator.apply(pipeline(), sink);
    PipelineDefinitionException source =
        error(
            "source:\n  type: kafka\n  properties.bootstrap.servers: h:1\n  topic: t\n"
                + "  value.format: canal-protobuf\nsink:\n  type: print\n");
    assertTrue(source.getMessage().contains("canal-protobuf"), source.getMessage());
    assertTrue(source.getMessage().contains("value.format"), source.getMessage());
  }

  @Test
  void unknownConnectorTypeListsTheKnownOnes() {
    PipelineDefinitionException e = error("source:\n  type: mysql\nsink:\n  type: print\n");
    assertEquals("source.type", e.path());
    assertTrue(e.getMessage().contains("kafka"), e.getMessage());
    EVENTS_ONE();
    PipelineDefinitionException sink =
        error("source:\n  type: test-events\n  id: one\nsink:\n  type: paimon\n");
    assertEquals("sink.type", sink.path());
    assertTrue(
        sink.getMessage().contains("print") && sink.getMessage().contains("values"),
        sink.getMessage());
  }

  @Test
  void printSinkOptionsAreChecked() {
    EVENTS_ONE();
    assertEquals(
        "sink.colour",
        error("source:\n  type: test-events\n  id: one\nsink:\n  type: print\n  colour: red\n")
            .path());
  }

  /** A connector's own error quoting a secret value (here the print sink's) masks it. */
  @Test
  void connectorErrorsQuotingASecretValueMaskIt() {
    EVENTS_ONE();
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(
            "source:\n  type: test-events\n  id: one\nsink:\n  type: print\n"
                + "  print.target: ${secret_values.target}\n",
            Map.of("secret_values.target", "hunter2"),
            Map.of(),
            Map.of());
    PipelineDefinitionException e =
        assertThrows(
            PipelineDefinitionException.class,
            () -> PipelineTranslator.apply(pipeline(), definition));
    assertEquals("sink.print.target", e.path());
    assertEquals("sink.print.target: expected stdout or stderr, got '******'", e.getMessage());
  }

  private static void EVENTS_ONE() {
    TestPipelineConnectors.EVENTS.put(
        "one",
        List.of(
            new CreateTableEvent(T1, S1),
            DataChangeEvent.insert(T1, Row.withSchema(S1).addValue(1L).build(), 0)));
  }

  @Test
  void printSinkWritesOneLinePerEvent() throws Exception {
    EVENTS_ONE();
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(
            "source:\n  type: test-events\n  id: one\nsink:\n  type: values\n  name: out\n",
            Map.of(),
            Map.of(),
            Map.of());
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream original = System.out;
    Pipeline pipeline = pipeline();
    PipelineTranslator.apply(pipeline, definition);
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      pipeline.run().waitUntilFinish();
    } finally {
      System.setOut(original);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(
        printed.contains(
            "out> CreateTableEvent{tableId=mydb.mytable1, schema=(id BIGINT NOT NULL), primaryKeys=[]}"),
        printed);
    assertTrue(
        printed.contains(
            "out> DataChangeEvent{tableId=mydb.mytable1, op=INSERT, before=[], after=[1]}"),
        printed);
  }

  @Test
  void routeRenamesTableIdsAndMergesTheirSchemas() {
    List<ChangeEvent> events = new ArrayList<>();
    events.add(new CreateTableEvent(T1, S1));
    events.add(DataChangeEvent.insert(T1, Row.withSchema(S1).addValue(1L).build(), 0));
    events.add(new CreateTableEvent(T2, S2));
    events.add(DataChangeEvent.insert(T2, Row.withSchema(S2).addValues(2L, "b").build(), 0));
    events.add(new CreateTableEvent(TableId.of("other", "t"), S1));
    TestPipelineConnectors.EVENTS.put("route", events);
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(
            """
            source:
              type: test-events
              id: route
            sink:
              type: test-collect
              id: route
            route:
              - source-table: mydb.mytable1,mydb.mytable2
                sink-table: mytable1
            """,
            Map.of(),
            Map.of(),
            Map.of());
    Pipeline pipeline = pipeline();
    PipelineTranslator.apply(pipeline, definition);
    pipeline.run().waitUntilFinish();
    List<String> lines = new ArrayList<>(TestPipelineConnectors.COLLECTED.get("route"));
    assertTrue(lines.stream().noneMatch(l -> l.contains("mydb.")), lines.toString());
    assertEquals(
        1,
        lines.stream().filter(l -> l.startsWith("CreateTableEvent{tableId=mytable1,")).count(),
        lines.toString());
    assertTrue(
        lines.contains(
            "CreateTableEvent{tableId=other.t, schema=(id BIGINT NOT NULL)," + " primaryKeys=[]}"),
        lines.toString());
    // both tables' rows follow the merged schema (id, name) of the sink table
    assertTrue(
        lines.contains("DataChangeEvent{tableId=mytable1, op=INSERT, before=[], after=[2, b]}"),
        lines.toString());
    assertTrue(
        lines.contains("DataChangeEvent{tableId=mytable1, op=INSERT, before=[], after=[1, null]}")
            || lines.contains("DataChangeEvent{tableId=mytable1, op=INSERT, before=[], after=[1]}"),
        lines.toString());
    assertFalse(lines.isEmpty());
  }
}
