package dev.kafkaconnector.runners.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.pipeline.PipelineDefinition;
import dev.kafkaconnector.io.pipeline.PipelineDefinitionParser;
import dev.kafkaconnector.io.pipeline.PipelineJob;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.runners.read.TestProducer;
import dev.kafkaconnector.schema.SqlType;
import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.SchemaChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricNameFilter;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.metrics.MetricsFilter;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * YAML jobs end to end on each runner against the real broker: the Kafka-only examples of the spec
 * (their sink replaced by a collector added through the SPI), with placeholders filled, the
 * built-in catalog, routes, schema changes under EXCEPTION / LENIENT / IGNORE and dirty data.
 */
abstract class AbstractPipelineJobITCase {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  private static TestProducer producer;

  /** Options of a job whose sources are bounded and whose run() blocks until the end. */
  protected abstract PipelineOptions options();

  /** Options of an unbounded job: run() returns at once, and the test cancels the job. */
  protected abstract PipelineOptions unboundedOptions();

  @BeforeAll
  static void startProducer() {
    producer = new TestProducer(KAFKA.bootstrapServers());
  }

  @AfterAll
  static void closeProducer() {
    producer.close();
  }

  static String topic(String name, List<String> values) {
    KAFKA.createTopic(name, 1);
    for (String value : values) {
      producer.send(name, 0, null, null, value);
    }
    producer.flush();
    return name;
  }

  static String yaml(String resource) {
    try (InputStream in =
        AbstractPipelineJobITCase.class.getResourceAsStream("/pipeline/" + resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The variables every job gets, plus {@code more} (name, value, ...). */
  static Map<String, String> variables(String... more) {
    Map<String, String> variables = new HashMap<>();
    variables.put("kafka.bootstrap.servers", KAFKA.bootstrapServers());
    variables.put("kafka.group.id", "yaml-" + UUID.randomUUID());
    variables.put("collect.id", UUID.randomUUID().toString());
    for (int i = 0; i < more.length; i += 2) {
      variables.put(more[i], more[i + 1]);
    }
    return variables;
  }

  record Run(PipelineResult result, List<ChangeEvent> events) {
    Map<TableId, List<ChangeEvent>> byTable() {
      return events.stream()
          .collect(
              Collectors.groupingBy(ChangeEvent::tableId, LinkedHashMap::new, Collectors.toList()));
    }

    long counter(String name) {
      long total = 0;
      for (MetricResult<Long> c :
          result
              .metrics()
              .queryMetrics(
                  MetricsFilter.builder()
                      .addNameFilter(MetricNameFilter.named("kafka-connector", name))
                      .build())
              .getCounters()) {
        total += c.getAttempted();
      }
      return total;
    }
  }

  Run run(String resource, Map<String, String> variables) {
    return run(resource, variables, Map.of());
  }

  Run run(
      String resource, Map<String, String> variables, Map<String, Map<String, String>> catalogs) {
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(yaml(resource), variables, Map.of(), catalogs);
    PipelineResult result = PipelineJob.of(definition).run(options());
    return new Run(
        result, new ArrayList<>(CollectingSink.COLLECTED.remove(variables.get("collect.id"))));
  }

  static List<DataChangeEvent> rows(List<ChangeEvent> events) {
    return events.stream()
        .filter(e -> e instanceof DataChangeEvent)
        .map(e -> (DataChangeEvent) e)
        .toList();
  }

  static List<SchemaChangeEvent> schemaEvents(List<ChangeEvent> events) {
    return events.stream()
        .filter(e -> e instanceof SchemaChangeEvent)
        .map(e -> (SchemaChangeEvent) e)
        .toList();
  }

  static String json(String... keyValues) {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < keyValues.length; i += 2) {
      out.append(i == 0 ? "" : ",")
          .append('"')
          .append(keyValues[i])
          .append("\":")
          .append(keyValues[i + 1]);
    }
    return out.append('}').toString();
  }

  static String canal(String type, String table, String row) {
    return "{\"data\":["
        + row
        + "],\"database\":\"inv\",\"table\":\""
        + table
        + "\",\"isDdl\":false,\"old\":null,\"pkNames\":[\"id\"],\"type\":\""
        + type
        + "\"}";
  }

  @Test
  void singleTopicWithMetadataColumns() {
    String topic =
        topic(
            KAFKA.newTopicName("customers"),
            List.of(json("id", "1", "name", "\"a\""), json("id", "2", "name", "\"b\"")));
    Run run = run("single-topic.yaml", variables("kafka.topic", topic));
    List<ChangeEvent> table = run.byTable().get(TableId.of(topic));
    assertTrue(table != null, run.byTable().keySet().toString());
    CreateTableEvent create = (CreateTableEvent) table.get(0);
    Schema schema = create.schema();
    assertTrue(
        schema.hasField("id")
            && schema.hasField("name")
            && schema.hasField("topic")
            && schema.hasField("partition"),
        schema.toString());
    List<DataChangeEvent> rows = rows(table);
    assertEquals(2, rows.size());
    assertEquals(topic, rows.get(0).after().getString("topic"));
  }

  @Test
  void topicPatternGivesOneTablePerTopic() {
    String prefix = KAFKA.newTopicName("user_event_");
    topic(prefix + "a", List.of(json("id", "1")));
    topic(prefix + "b", List.of(json("id", "2"), json("id", "3")));
    Run run = run("topic-pattern.yaml", variables("kafka.topic.prefix", prefix));
    Map<TableId, List<ChangeEvent>> tables = run.byTable();
    assertEquals(1, rows(tables.get(TableId.of(prefix + "a"))).size(), tables.keySet().toString());
    assertEquals(2, rows(tables.get(TableId.of(prefix + "b"))).size());
  }

  @Test
  void tableIdFromMembersWithFixedTypes() {
    String topic =
        topic(
            KAFKA.newTopicName("orders"),
            List.of(
                json("db", "\"shop\"", "tbl", "\"orders\"", "id", "1", "amount", "12.5"),
                json("db", "\"shop\"", "tbl", "\"refunds\"", "id", "2", "amount", "3")));
    Run run = run("json-table-id-fixed-types.yaml", variables("kafka.topic", topic));
    Map<TableId, List<ChangeEvent>> tables = run.byTable();
    assertEquals(2, tables.size(), tables.keySet().toString());
    CreateTableEvent create = (CreateTableEvent) tables.get(TableId.of("shop", "orders")).get(0);
    // the declared type, though 12.5 and 3 alone would infer DOUBLE and BIGINT
    assertTrue(
        SqlType.toSql(create.schema().getField("amount").getType()).startsWith("DECIMAL"),
        create.schema().toString());
    assertEquals(FieldType.INT64, create.schema().getField("id").getType().withNullable(false));
    assertEquals(1, rows(tables.get(TableId.of("shop", "refunds"))).size());
  }

  @Test
  void initialSchemasFromDdls() {
    String topic =
        topic(
            KAFKA.newTopicName("initial"),
            List.of(
                json(
                    "db", "\"db1\"", "table", "\"t1\"", "id", "1", "name", "\"x\"", "extra",
                    "true"),
                json("db", "\"db1\"", "table", "\"t2\"", "id", "2")));
    Run run = run("initial-ddls.yaml", variables("kafka.topic", topic));
    Map<TableId, List<ChangeEvent>> tables = run.byTable();
    List<ChangeEvent> t1 = tables.get(TableId.of("db1", "t1"));
    assertTrue(t1 != null, tables.keySet().toString());
    assertEquals(1, rows(t1).size());
    Schema last = rows(t1).get(0).schema();
    // the declared columns first, with their types; inference adds the others
    assertEquals(List.of("id", "name"), last.getFieldNames().subList(0, 2));
    assertEquals(FieldType.INT64, last.getField("id").getType().withNullable(false));
    assertTrue(last.hasField("extra"), last.toString());
    assertEquals(1, rows(tables.get(TableId.of("db1", "t2"))).size());
  }

  @Test
  void builtInCatalogAndOneRoutePerTopic() {
    String base = KAFKA.newTopicName("topic");
    List<String> topics = List.of(base + "0", base + "1", base + "2");
    for (int i = 0; i < 3; i++) {
      topic(topics.get(i), List.of(json("id", String.valueOf(i), "v", "\"t" + i + "\"")));
    }
    Map<String, Map<String, String>> catalogs =
        PipelineDefinitionParser.parseCatalogs(
            "kafka_json_catalog:\n  type: kafka\n  properties.bootstrap.servers: "
                + KAFKA.bootstrapServers()
                + "\n  format: json\n  default-database: cluster\n",
            Map.of(),
            Map.of());
    Map<String, String> variables =
        variables("t0", topics.get(0), "t1", topics.get(1), "t2", topics.get(2));
    variables.remove("kafka.bootstrap.servers"); // only the catalog gives the servers
    Run run = run("catalog-multi-topic.yaml", variables, catalogs);
    Map<TableId, List<ChangeEvent>> tables = run.byTable();
    assertEquals(
        List.of(TableId.of("db", "table0"), TableId.of("db", "table1"), TableId.of("db", "table2"))
            .stream()
            .sorted(java.util.Comparator.comparing(TableId::identifier))
            .toList(),
        tables.keySet().stream()
            .sorted(java.util.Comparator.comparing(TableId::identifier))
            .toList());
    for (int i = 0; i < 3; i++) {
      List<DataChangeEvent> rows = rows(tables.get(TableId.of("db", "table" + i)));
      assertEquals(1, rows.size());
      assertEquals("t" + i, rows.get(0).after().getString("v"));
    }
  }

  /**
   * The catalog document's multi-topic job, as written (its literal topics, no bound, {@code
   * scan.emit.create-table-events.in-batch.enabled: true}, a {@code paimon} sink from a catalog):
   * each topic's table is created once, from the batch sent at startup, and its rows follow under
   * the route's table id. The topics may hold records of earlier runs in this JVM: each run looks
   * for its own.
   */
  @Test
  void catalogMultiTopicExampleRunsAsWritten() throws Exception {
    String run = UUID.randomUUID().toString();
    Set<String> existing = KAFKA.admin().listTopics().names().get();
    for (int i = 0; i < 3; i++) {
      if (!existing.contains("topic" + i)) {
        KAFKA.createTopic("topic" + i, 1);
      }
      producer.send(
          "topic" + i, 0, null, null, json("id", String.valueOf(i), "v", "\"" + run + i + "\""));
    }
    producer.flush();
    String collectId = UUID.randomUUID().toString();
    Map<String, Map<String, String>> catalogs =
        PipelineDefinitionParser.parseCatalogs(
            "kafka_json_catalog:\n  type: kafka\n  properties.bootstrap.servers: "
                + KAFKA.bootstrapServers()
                + "\n  format: json\n  default-database: cluster\n"
                + "paimon_dlf_catalog:\n  type: paimon\n  "
                + PaimonStandInSink.ID
                + ": "
                + collectId
                + "\n",
            Map.of(),
            Map.of());
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(
            yaml("catalog-multi-topic-as-written.yaml"), Map.of(), Map.of(), catalogs);
    PipelineResult result = PipelineJob.of(definition).toPipeline(unboundedOptions()).run();
    List<TableId> tables =
        List.of(TableId.of("db", "table0"), TableId.of("db", "table1"), TableId.of("db", "table2"));
    List<ChangeEvent> events;
    try {
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
      while (true) {
        events = new ArrayList<>(CollectingSink.COLLECTED.get(collectId));
        Set<String> seen =
            rows(events).stream()
                .map(r -> r.after().getString("v"))
                .filter(v -> v.startsWith(run))
                .collect(Collectors.toSet());
        if (seen.size() == 3) {
          break;
        }
        assertTrue(System.nanoTime() < deadline, "this run's rows did not all arrive: " + events);
        Thread.sleep(200);
      }
    } finally {
      result.cancel();
      result.waitUntilFinish(org.joda.time.Duration.standardSeconds(60));
      CollectingSink.COLLECTED.remove(collectId);
    }
    Map<TableId, List<ChangeEvent>> byTable =
        events.stream()
            .collect(
                Collectors.groupingBy(
                    ChangeEvent::tableId, LinkedHashMap::new, Collectors.toList()));
    assertEquals(Set.copyOf(tables), byTable.keySet(), "only the routes' tables");
    for (int i = 0; i < 3; i++) {
      List<ChangeEvent> table = byTable.get(tables.get(i));
      List<CreateTableEvent> creates =
          table.stream()
              .filter(e -> e instanceof CreateTableEvent)
              .map(e -> (CreateTableEvent) e)
              .toList();
      assertEquals(1, creates.size(), "one create-table per table: " + table);
      assertEquals(List.of("id", "v"), creates.get(0).schema().getFieldNames());
      String mine = run + i;
      assertTrue(
          rows(table).stream().anyMatch(r -> mine.equals(r.after().getString("v"))),
          table.toString());
    }
  }

  @Test
  void transformProjectionAndFilterThenRoute() {
    String topic =
        topic(
            KAFKA.newTopicName("transform"),
            List.of(
                canal("INSERT", "orders", json("id", "1", "qty", "1")),
                canal("INSERT", "orders", json("id", "2", "qty", "5")),
                canal("INSERT", "users", json("id", "9", "name", "\"u\"")),
                canal("INSERT", "orders", json("id", "3", "qty", "7"))));
    Run run = run("transform-route.yaml", variables("kafka.topic", topic));
    Map<TableId, List<ChangeEvent>> tables = run.byTable();
    assertEquals(Set.of(TableId.of("ods", "orders"), TableId.of("ods", "users")), tables.keySet());
    List<ChangeEvent> orders = tables.get(TableId.of("ods", "orders"));
    CreateTableEvent create = (CreateTableEvent) orders.get(0);
    assertEquals(List.of("id", "qty2", "src", "op"), create.schema().getFieldNames());
    assertEquals(List.of("id"), create.primaryKey());
    Map<Long, Long> doubled = new TreeMap<>();
    for (DataChangeEvent row : rows(orders)) {
      assertEquals("ORDERS", row.after().getString("src"));
      assertEquals("+I", row.after().getString("op"));
      doubled.put(row.after().getInt64("id"), row.after().getInt64("qty2"));
    }
    assertEquals(Map.of(2L, 10L, 3L, 14L), doubled, "qty 1 filtered out");
    assertEquals(1, rows(tables.get(TableId.of("ods", "users"))).size());
  }

  private static List<String> widening() {
    return List.of(
        canal("INSERT", "orders", json("id", "1", "qty", "1")),
        canal("INSERT", "orders", json("id", "2", "qty", "2")),
        canal("INSERT", "orders", json("id", "3", "qty", "3", "note", "\"new\"")),
        canal("INSERT", "orders", json("id", "4", "qty", "4")));
  }

  @Test
  void schemaChangeUnderLenientIsApplied() {
    String topic = topic(KAFKA.newTopicName("lenient"), widening());
    Run run = run("schema-change.yaml", variables("kafka.topic", topic, "behavior", "LENIENT"));
    List<ChangeEvent> orders = run.byTable().get(TableId.of("inv", "orders"));
    List<SchemaChangeEvent> changes = schemaEvents(orders);
    assertEquals(2, changes.size(), changes.toString());
    assertTrue(changes.get(1) instanceof AddColumnEvent, changes.toString());
    assertEquals(4, rows(orders).size());
    assertTrue(
        rows(orders).stream()
            .anyMatch(
                r ->
                    r.after().getSchema().hasField("note")
                        && "new".equals(r.after().getString("note"))),
        rows(orders).toString());
  }

  @Test
  void schemaChangeUnderIgnoreKeepsTheFirstSchema() {
    String topic = topic(KAFKA.newTopicName("ignore"), widening());
    Run run = run("schema-change.yaml", variables("kafka.topic", topic, "behavior", "IGNORE"));
    List<ChangeEvent> orders = run.byTable().get(TableId.of("inv", "orders"));
    assertEquals(1, schemaEvents(orders).size(), schemaEvents(orders).toString());
    for (DataChangeEvent row : rows(orders)) {
      assertEquals(List.of("id", "qty"), row.schema().getFieldNames());
    }
    assertEquals(4, rows(orders).size());
  }

  @Test
  void schemaChangeUnderExceptionFailsNamingTableAndChange() {
    String topic = topic(KAFKA.newTopicName("exception"), widening());
    Map<String, String> variables = variables("kafka.topic", topic, "behavior", "EXCEPTION");
    RuntimeException e =
        assertThrows(RuntimeException.class, () -> run("schema-change.yaml", variables));
    String messages = messages(e);
    assertTrue(messages.contains("Table inv.orders changes schema"), messages);
    assertTrue(messages.contains("note"), messages);
    assertTrue(messages.contains("EXCEPTION"), messages);
  }

  @Test
  void dirtyDataIsLoggedAndToleratedUpToTheMaxCount() {
    List<String> values =
        List.of(json("id", "1"), "{not json", json("id", "2"), "[1, 2", json("id", "3"));
    String topic = topic(KAFKA.newTopicName("dirty"), values);
    Run run = run("dirty-data.yaml", variables("kafka.topic", topic, "max.count", "2"));
    assertEquals(3, rows(run.events()).size());
    assertEquals(2, run.counter("dirty-data-collected"));

    Map<String, String> strict = variables("kafka.topic", topic, "max.count", "1");
    RuntimeException e = assertThrows(RuntimeException.class, () -> run("dirty-data.yaml", strict));
    String messages = messages(e);
    assertTrue(messages.contains("more than ingestion.error-tolerance.max-count = 1"), messages);
    assertTrue(messages.contains("topic '" + topic + "'"), messages);
  }

  static String canal(String db, String type, String table, String row) {
    return "{\"data\":["
        + row
        + "],\"database\":\""
        + db
        + "\",\"table\":\""
        + table
        + "\",\"isDdl\":false,\"old\":null,\"pkNames\":[\"id\"],\"type\":\""
        + type
        + "\"}";
  }

  @Test
  void kafkaToKafkaWithTheThreeMappingForms() {
    String db = "db" + UUID.randomUUID().toString().substring(0, 8);
    String in =
        topic(
            KAFKA.newTopicName("binlog"),
            List.of(
                canal(db, "INSERT", "mytable1", json("id", "1")),
                canal(db, "INSERT", "mytable2", json("id", "2"))));
    // 1. no mapping: each table to the topic named by its id
    KAFKA.createTopic(db + ".mytable1", 1);
    KAFKA.createTopic(db + ".mytable2", 1);
    runToKafka("kafka-to-kafka-default.yaml", variables("kafka.topic", in, "db", db));
    assertEquals(
        Set.of("1@" + db + ".mytable1"),
        KafkaReadBack.idsAtTables(
            KafkaReadBack.values(KAFKA.bootstrapServers(), db + ".mytable1")));
    assertEquals(
        Set.of("2@" + db + ".mytable2"),
        KafkaReadBack.idsAtTables(
            KafkaReadBack.values(KAFKA.bootstrapServers(), db + ".mytable2")));
    // 2. a route: one topic, and the table name inside the messages is the route's
    String routed = KAFKA.newTopicName("mytable");
    KAFKA.createTopic(routed, 1);
    runToKafka(
        "kafka-to-kafka-route.yaml", variables("kafka.topic", in, "db", db, "target", routed));
    assertEquals(
        Set.of("1@." + routed, "2@." + routed),
        KafkaReadBack.idsAtTables(KafkaReadBack.values(KAFKA.bootstrapServers(), routed)));
    // 3. the mapping option, in both spellings: one topic, the tables' own names inside
    for (String form :
        List.of("%1$s.mytable1,%1$s.mytable2:%2$s", "%1$s.mytable1:%2$s;%1$s.mytable2:%2$s")) {
      String mapped = KAFKA.newTopicName("mytable");
      KAFKA.createTopic(mapped, 1);
      runToKafka(
          "kafka-to-kafka-mapping.yaml",
          variables("kafka.topic", in, "db", db, "mapping", String.format(form, db, mapped)));
      assertEquals(
          Set.of("1@" + db + ".mytable1", "2@" + db + ".mytable2"),
          KafkaReadBack.idsAtTables(KafkaReadBack.values(KAFKA.bootstrapServers(), mapped)),
          form);
    }
  }

  void runToKafka(String resource, Map<String, String> variables) {
    variables.put("kafka.bootstraps.server", KAFKA.bootstrapServers());
    PipelineDefinition definition =
        PipelineDefinitionParser.parse(yaml(resource), variables, Map.of(), Map.of());
    PipelineJob.of(definition).run(options());
  }

  static String messages(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      out.append(t.getMessage()).append(" | ");
    }
    return out.toString();
  }
}
