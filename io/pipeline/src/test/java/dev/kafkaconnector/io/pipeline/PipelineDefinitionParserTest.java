package dev.kafkaconnector.io.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.cdc.SchemaChangeBehavior;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PipelineDefinitionParserTest {
  private static final String MINIMAL =
      """
      source:
        type: kafka
        properties.bootstrap.servers: localhost:9092
        topic: customers
      sink:
        type: print
      """;

  private static PipelineDefinition parse(String yaml, Map<String, String> variables) {
    return PipelineDefinitionParser.parse(yaml, variables, Map.of(), Map.of());
  }

  private static PipelineDefinitionException error(String yaml) {
    return assertThrows(PipelineDefinitionException.class, () -> parse(yaml, Map.of()));
  }

  @Test
  void minimalJobHasDefaults() {
    PipelineDefinition job = parse(MINIMAL, Map.of());
    assertEquals("kafka", job.source().type());
    assertEquals(
        Map.of("properties.bootstrap.servers", "localhost:9092", "topic", "customers"),
        job.source().options());
    assertEquals("print", job.sink().type());
    assertTrue(job.sink().options().isEmpty());
    assertTrue(job.routes().isEmpty());
    assertEquals(SchemaChangeBehavior.LENIENT, job.pipeline().schemaChangeBehavior());
    assertNull(job.pipeline().dirtyDataCollector());
  }

  @Test
  void specExampleWithEveryBlock() {
    String yaml =
        """
        source:
          type: kafka
          name: Kafka Source
          properties.bootstrap.servers: host:9092
          topic: test-topic
          value.format: json
          scan.startup.mode: earliest-offset
          # comments are fine
          ingestion.ignore-errors: true
          ingestion.error-tolerance.max-count: 1000
          scan.max.pre.fetch.records: 0
        sink:
          type: kafka
          name: Kafka Sink
          properties.bootstrap.servers: ${kafka.bootstraps.server}
          sink.tableId-to-topic.mapping: mydb.mytable1,mydb.mytable2:mytable
        route:
          - source-table: mydb.mytable1,mydb.mytable2
            sink-table: mytable1
            description: merge
          - source-table: db.orders_\\.*
            sink-table: ods.<>
            replace-symbol: <>
        pipeline:
          name: my job
          parallelism: 2
          schema.change.behavior: exception
          local-time-zone: Asia/Shanghai
          dirty-data.collector:
            name: Logger Dirty Data Collector
            type: logger
        """;
    PipelineDefinition job = parse(yaml, Map.of("kafka.bootstraps.server", "b:1"));
    assertEquals("Kafka Source", job.source().name());
    // scalars of every YAML type become option text
    assertEquals("true", job.source().options().get("ingestion.ignore-errors"));
    assertEquals("1000", job.source().options().get("ingestion.error-tolerance.max-count"));
    assertEquals("b:1", job.sink().options().get("properties.bootstrap.servers"));
    assertEquals(2, job.routes().size());
    assertEquals("merge", job.routes().get(0).description());
    assertEquals("<>", job.routes().get(1).replaceSymbol());
    assertEquals("my job", job.pipeline().name());
    assertEquals(2, job.pipeline().parallelism());
    assertEquals(SchemaChangeBehavior.EXCEPTION, job.pipeline().schemaChangeBehavior());
    assertEquals(ZoneId.of("Asia/Shanghai"), job.pipeline().localTimeZone());
    assertEquals("logger", job.pipeline().dirtyDataCollector().type());
    assertEquals("Logger Dirty Data Collector", job.pipeline().dirtyDataCollector().name());
  }

  @Test
  void nestedMappingsAreDottedOptions() {
    PipelineDefinition job =
        parse(
            MINIMAL + "  properties:\n    group.id: g\n    security:\n      protocol: SASL_SSL\n",
            Map.of());
    assertEquals("g", job.sink().options().get("properties.group.id"));
    assertEquals("SASL_SSL", job.sink().options().get("properties.security.protocol"));
  }

  @Test
  void placeholdersFromVariablesThenEnvironment() {
    String yaml = MINIMAL + "  prefix: ${a}-${kafka.group.id}\n";
    PipelineDefinition job =
        PipelineDefinitionParser.parse(
            yaml, Map.of("a", "1"), Map.of("KAFKA_GROUP_ID", "env", "a", "ignored"), Map.of());
    assertEquals("1-env", job.sink().options().get("prefix"));
    PipelineDefinition exact =
        PipelineDefinitionParser.parse(
            yaml, Map.of("a", "1"), Map.of("kafka.group.id", "exact"), Map.of());
    assertEquals("1-exact", exact.sink().options().get("prefix"));
  }

  @Test
  void missingPlaceholderNamesItAndThePath() {
    PipelineDefinitionException e =
        error(MINIMAL.replace("topic: customers", "topic: ${kafka.topic}"));
    assertEquals("source.topic", e.path());
    assertEquals(
        "source.topic: the placeholder ${kafka.topic} has no value: pass -Dkafka.topic=<value>"
            + " or set the environment variable KAFKA_TOPIC",
        e.getMessage());
  }

  @Test
  void secretValuesAreMasked() {
    String yaml =
        MINIMAL
            + "  properties.sasl.password: ${secret_values.kafka.pw}\n"
            + "  user: ${secret_values.kafka.user}\n";
    PipelineDefinition job =
        parse(yaml, Map.of("secret_values.kafka.pw", "hunter2", "secret_values.kafka.user", "bob"));
    assertEquals("hunter2", job.sink().options().get("properties.sasl.password"));
    String text = job.toString();
    assertFalse(text.contains("hunter2"), text);
    assertFalse(text.contains("bob"), text);
    assertEquals("user ******", job.mask("user bob"));
  }

  /** A secret value that an error would quote ("expected an integer, got '...'") is masked. */
  @Test
  void errorsQuotingASecretValueMaskIt() {
    PipelineDefinitionException e =
        assertThrows(
            PipelineDefinitionException.class,
            () ->
                parse(
                    MINIMAL + "pipeline:\n  parallelism: ${secret_values.p}\n",
                    Map.of("secret_values.p", "hunter2")));
    assertEquals("pipeline.parallelism", e.path());
    assertEquals("pipeline.parallelism: expected an integer, got '******'", e.getMessage());
  }

  @Test
  void unknownTopLevelKey() {
    PipelineDefinitionException e = error(MINIMAL + "routes:\n  - source-table: a\n");
    assertEquals("routes", e.path());
    assertTrue(
        e.getMessage().startsWith("routes: unknown key (did you mean 'route'?)"), e.getMessage());
  }

  @Test
  void missingBlocksAndTypes() {
    assertEquals("sink", error("source:\n  type: kafka\n").path());
    assertEquals("source", error("sink:\n  type: print\n").path());
    PipelineDefinitionException e = error(MINIMAL.replace("  type: kafka\n", ""));
    assertEquals("source.type", e.path());
    assertTrue(e.getMessage().startsWith("source.type: missing"), e.getMessage());
  }

  @Test
  void wrongTypes() {
    assertEquals("pipeline.parallelism", error(MINIMAL + "pipeline:\n  parallelism: two\n").path());
    assertEquals(
        "pipeline.parallelism: expected an integer, got 'two'",
        error(MINIMAL + "pipeline:\n  parallelism: two\n").getMessage());
    assertEquals("pipeline.parallelism", error(MINIMAL + "pipeline:\n  parallelism: 0\n").path());
    assertEquals("route", error(MINIMAL + "route:\n  source-table: a\n").path());
    assertEquals("route[0]", error(MINIMAL + "route:\n  - a\n").path());
    assertEquals(
        "source.topic: expected a single value, got a list",
        error(MINIMAL.replace("topic: customers", "topic: [a, b]")).getMessage());
    assertEquals("sink", error("source:\n  type: kafka\nsink: print\n").path());
    assertEquals(
        "pipeline.schema.change.behavior",
        error(MINIMAL + "pipeline:\n  schema.change.behavior: sometimes\n").path());
    assertEquals(
        "pipeline.local-time-zone",
        error(MINIMAL + "pipeline:\n  local-time-zone: Mars/Olympus\n").path());
    assertEquals(
        "pipeline.dirty-data.collector.type",
        error(MINIMAL + "pipeline:\n  dirty-data.collector:\n    type: kafka\n").path());
    assertEquals(
        "pipeline.checkpointing", error(MINIMAL + "pipeline:\n  checkpointing: true\n").path());
  }

  @Test
  void routeErrors() {
    assertEquals("route[0].sink-table", error(MINIMAL + "route:\n  - source-table: a\n").path());
    assertEquals(
        "route[0].source-table",
        error(MINIMAL + "route:\n  - source-table: a(\n    sink-table: b\n").path());
    assertEquals(
        "route[1].replace",
        error(
                MINIMAL
                    + "route:\n  - source-table: a\n    sink-table: b\n"
                    + "  - source-table: a\n    sink-table: b\n    replace: x\n")
            .path());
  }

  @Test
  void yamlSyntaxAndDuplicates() {
    PipelineDefinitionException e = error("source:\n  type: kafka\n  topic: [a, b\nsink: x\n");
    assertTrue(e.getMessage().startsWith("line "), e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
    assertTrue(error(MINIMAL + "  type: print\n").getMessage().contains("Duplicate"));
    assertEquals("", error("").path());
    assertEquals("", error("- a\n- b\n").path());
  }

  @Test
  void transformRulesAndTheirErrors() {
    PipelineDefinition job =
        parse(
            MINIMAL
                + """
            transform:
              - source-table: db.orders_\\.*
                projection: "*, UPPER(name) AS name_upper, __table_name__ AS tbl"
                filter: id > 10 AND name <> 'x'
                primary-keys: id, tbl
                partition-keys: tbl
                description: upper names
            """,
            Map.of());
    TransformDefinition t = job.transforms().get(0);
    assertEquals("db.orders_\\.*", t.sourceTable());
    assertEquals("*, UPPER(name) AS name_upper, __table_name__ AS tbl", t.projection());
    assertEquals(java.util.List.of("id", "tbl"), t.primaryKeys());
    assertEquals(java.util.List.of("tbl"), t.partitionKeys());
    assertEquals(
        "transform[0].filter",
        error(MINIMAL + "transform:\n  - source-table: a\n    filter: id >\n").path());
    assertEquals(
        "transform[0].projection",
        error(MINIMAL + "transform:\n  - source-table: a\n    projection: a b c\n").path());
    assertEquals(
        "transform[0].source-table", error(MINIMAL + "transform:\n  - projection: a\n").path());
    assertEquals(
        "transform[0].table-options",
        error(MINIMAL + "transform:\n  - source-table: a\n    table-options: x=y\n").path());
  }

  @Test
  void builtInCatalogGivesConnectionOptions() {
    Map<String, Map<String, String>> catalogs =
        PipelineDefinitionParser.parseCatalogs(
            """
            kafka_catalog:
              type: kafka
              properties.bootstrap.servers: ${servers}
              format: json
              default-database: cluster1
            """,
            Map.of("servers", "c:9092"),
            Map.of());
    String yaml =
        """
        source:
          type: kafka
          using.built-in-catalog: kafka_catalog
          topic: topic0
          properties.group.id: g
        sink:
          type: print
        """;
    PipelineDefinition job = PipelineDefinitionParser.parse(yaml, Map.of(), Map.of(), catalogs);
    assertEquals(
        Map.of(
            "properties.bootstrap.servers",
            "c:9092",
            "topic",
            "topic0",
            "properties.group.id",
            "g"),
        job.source().options());
    PipelineDefinitionException unknown =
        assertThrows(
            PipelineDefinitionException.class,
            () ->
                PipelineDefinitionParser.parse(
                    yaml.replace("kafka_catalog", "other"), Map.of(), Map.of(), catalogs));
    assertEquals("source.using.built-in-catalog", unknown.path());
    assertTrue(unknown.getMessage().contains("kafka_catalog"), unknown.getMessage());
  }
}
