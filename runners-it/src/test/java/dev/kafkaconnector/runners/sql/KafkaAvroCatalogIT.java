package dev.kafkaconnector.runners.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.runners.registry.SchemaRegistryExtension;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Kafka catalog's Avro sibling ({@code CREATE CATALOG ... TYPE 'kafka' PROPERTIES ('format' =
 * 'avro-confluent', 'avro-confluent.url' = ...)}) against a real schema registry: a topic's columns
 * are its subjects' latest schemas ({@code <topic>-key} as {@code key_} columns when the registry
 * has it, {@code <topic>-value} as {@code value_} columns), with the metadata columns; topics
 * without a value subject are no tables. SELECT on the DirectRunner and on Flink through {@code
 * jdbc:kafkaconnector:}.
 */
class KafkaAvroCatalogIT extends SqlITSupport {
  @RegisterExtension static final SchemaRegistryExtension REGISTRY = new SchemaRegistryExtension();

  static String keyed;
  static String valueOnly;
  static String json;

  /** Writes the Avro topics as a Flink user would: Flink DDL tables and an INSERT. */
  @BeforeAll
  static void writeTopics() throws Exception {
    keyed = newTopic("avro-catalog-keyed", 2);
    valueOnly = newTopic("avro-catalog-value", 1);
    json = newTopic("avro-catalog-json", 1);
    send(json, List.of("{\"a\": 1}"));
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      s.execute(
          """
          CREATE TEMPORARY TABLE keyed (
            order_id BIGINT,
            product STRING,
            price DOUBLE
          ) WITH (
            'connector' = 'kafka',
            'topic' = '%s',
            'properties.bootstrap.servers' = '%s',
            'key.format' = 'avro-confluent',
            'key.avro-confluent.url' = '%s',
            'key.fields' = 'order_id',
            'value.format' = 'avro-confluent',
            'value.avro-confluent.url' = '%s'
          )"""
              .formatted(keyed, KAFKA.bootstrapServers(), REGISTRY.url(), REGISTRY.url()));
      s.executeUpdate(
          "INSERT INTO keyed VALUES (1, 'apple', 1.5), (2, 'pear', 2.25), (3, 'fig', NULL)");
      s.execute(
          """
          CREATE TEMPORARY TABLE plain (
            order_id BIGINT,
            product STRING,
            price DOUBLE
          ) WITH (
            'connector' = 'kafka',
            'topic' = '%s',
            'properties.bootstrap.servers' = '%s',
            'format' = 'avro-confluent',
            'avro-confluent.url' = '%s'
          )"""
              .formatted(valueOnly, KAFKA.bootstrapServers(), REGISTRY.url()));
      s.executeUpdate("INSERT INTO plain VALUES (7, 'plum', 0.5)");
    }
  }

  static Connection connect() throws SQLException {
    Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
    try (Statement s = c.createStatement()) {
      s.execute(
          "CREATE CATALOG ka TYPE 'kafka' PROPERTIES ("
              + "'properties.bootstrap.servers' = '"
              + KAFKA.bootstrapServers()
              + "', 'format' = 'avro-confluent', 'avro-confluent.url' = '"
              + REGISTRY.url()
              + "', 'scan.bounded.mode' = 'latest-offset')");
      s.execute("USE CATALOG ka");
    }
    return c;
  }

  @Test
  void keyAndValueColumnsComeFromTheSubjectsOnBothRunners() throws Exception {
    String query =
        "SELECT key_order_id, value_product, value_price, `partition` >= 0 FROM `"
            + keyed
            + "` ORDER BY key_order_id LIMIT 10";
    List<String> expected = List.of("1|apple|1.5|true", "2|pear|2.25|true", "3|fig|null|true");
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      assertEquals(expected, KafkaCatalogJdbcIT.query(s, query));
      s.execute("SET runner = 'FlinkRunner'");
      s.execute("SET flinkMaster = '[local]'");
      assertEquals(expected, KafkaCatalogJdbcIT.query(s, query));
    }
  }

  @Test
  void aTopicWithoutKeySubjectHasOnlyValueColumns() throws Exception {
    try (Connection c = connect()) {
      List<String> columns = new ArrayList<>();
      try (ResultSet rs = c.getMetaData().getColumns(null, null, valueOnly, null)) {
        while (rs.next()) {
          columns.add(rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME"));
        }
      }
      assertEquals(
          List.of(
              "value_order_id BIGINT",
              "value_product VARCHAR",
              "value_price DOUBLE",
              "partition INTEGER NOT NULL",
              "offset BIGINT NOT NULL",
              "timestamp TIMESTAMP(6) NOT NULL"),
          columns);
      try (Statement s = c.createStatement()) {
        assertEquals(
            List.of("7|plum|0.5"),
            KafkaCatalogJdbcIT.query(
                s, "SELECT value_order_id, value_product, value_price FROM `" + valueOnly + "`"));
      }
    }
  }

  @Test
  void topicsWithoutValueSubjectAreNoTables() throws Exception {
    try (Connection c = connect()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = c.getMetaData().getTables(null, null, "avro-catalog-%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      assertTrue(tables.contains(keyed) && tables.contains(valueOnly), tables.toString());
      assertFalse(tables.contains(json), tables.toString());
      try (Statement s = c.createStatement()) {
        SQLException e =
            assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM `" + json + "`"));
        KafkaCatalogJdbcIT.assertMessageContains(e, "subject '" + json + "-value' has no schema");
      }
    }
  }

  @Test
  void jsonOnlyPropertiesAndOtherFormatsAreRefused() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE CATALOG bad TYPE 'kafka' PROPERTIES ('properties.bootstrap.servers' = '"
              + KAFKA.bootstrapServers()
              + "', 'format' = 'avro-confluent', 'avro-confluent.url' = '"
              + REGISTRY.url()
              + "', 'infer-schema.primitive-as-string' = 'true')");
      SQLException flatten =
          assertThrows(
              SQLException.class,
              () -> s.executeQuery("SELECT * FROM bad.`default`.`" + keyed + "`"));
      KafkaCatalogJdbcIT.assertMessageContains(
          flatten, "'infer-schema.primitive-as-string' applies to 'format' = 'json'");
      s.execute(
          "CREATE CATALOG proto TYPE 'kafka' PROPERTIES ('properties.bootstrap.servers' = '"
              + KAFKA.bootstrapServers()
              + "', 'format' = 'protobuf')");
      SQLException format =
          assertThrows(
              SQLException.class,
              () -> s.executeQuery("SELECT * FROM proto.`default`.`" + keyed + "`"));
      KafkaCatalogJdbcIT.assertMessageContains(format, "property 'format' must be 'json'");
    }
  }
}
