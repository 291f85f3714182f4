package dev.kafkaconnector.runners.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.runners.registry.SchemaRegistryExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Flink DDL with {@code 'format' = 'avro-confluent'}, as a Flink user pastes it, through {@code
 * jdbc:kafkaconnector:} against a real schema registry: an INSERT on Flink registers the schema
 * under {@code <topic>-value} and writes Confluent-framed records, a SELECT reads them back. The
 * table has no {@code properties.group.id}: it reads from the committed offsets (none yet, so from
 * {@code auto.offset.reset}) of the spec's default group {@code KafkaSource-orders}.
 */
class AvroConfluentSqlIT extends SqlITSupport {
  @RegisterExtension static final SchemaRegistryExtension REGISTRY = new SchemaRegistryExtension();

  static String ordersDdl(String topic) {
    return """
        CREATE TEMPORARY TABLE orders (
          order_id BIGINT,
          product STRING,
          price DOUBLE
        ) WITH (
          'connector' = 'kafka',
          'topic' = '%s',
          'properties.bootstrap.servers' = '%s',
          'properties.auto.offset.reset' = 'earliest',
          'format' = 'avro-confluent',
          'avro-confluent.url' = '%s',
          'scan.bounded.mode' = 'latest-offset'
        );"""
        .formatted(topic, KAFKA.bootstrapServers(), REGISTRY.url());
  }

  @Test
  void flinkDdlInsertOnFlinkAndSelect() throws Exception {
    String topic = newTopic("sql-avro-confluent", 2);
    List<String> selected = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      s.execute("SET runner = 'FlinkRunner'");
      s.execute("SET flinkMaster = '[local]'");
      s.execute("SET parallelism = '2'");
      s.execute(ordersDdl(topic));
      s.executeUpdate(
          "INSERT INTO orders VALUES (1, 'apple', 1.5), (2, 'pear', 2.25), (3, 'fig', NULL)");
      s.execute("SET runner = 'DirectRunner'");
      try (ResultSet rs =
          s.executeQuery("SELECT order_id, product, price FROM orders WHERE order_id < 3")) {
        while (rs.next()) {
          selected.add(rs.getLong(1) + "," + rs.getString(2) + "," + rs.getDouble(3));
        }
      }
    }
    selected.sort(null);
    assertEquals(List.of("1,apple,1.5", "2,pear,2.25"), selected);
    HttpResponse<String> latest =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            REGISTRY.url() + "/subjects/" + topic + "-value/versions/latest"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, latest.statusCode(), latest.body());
    List<Byte> magic = new ArrayList<>();
    readBack(topic).forEach(r -> magic.add(r.value()[0]));
    assertEquals(List.of((byte) 0, (byte) 0, (byte) 0), magic, "Confluent framing");
  }
}
