package dev.kafkaconnector.runners.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.JobListener;
import dev.kafkaconnector.io.sql.KafkaConnectorConnection;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.options.PipelineOptions;
import org.junit.jupiter.api.Test;

/**
 * SELECT through {@code jdbc:kafkaconnector:} after {@code SET runner = 'FlinkRunner'}: the rows
 * come back from embedded Flink through a temporary topic, which is deleted afterwards; {@code
 * LIMIT} ends a query over an unbounded table; a query over an unbounded table without {@code
 * LIMIT} is refused before it starts, on either runner.
 */
class JdbcSelectOnFlinkIT extends SqlITSupport {
  private static final String TABLE =
      """
      CREATE TEMPORARY TABLE %s (
        id INT,
        name STRING,
        price DECIMAL(10, 2),
        ts TIMESTAMP(3)
      ) WITH (
        'connector' = 'kafka',
        'topic' = '%s',
        'properties.bootstrap.servers' = '%s',
        'format' = 'json',
        'scan.startup.mode' = 'earliest-offset'%s
      )""";

  @Test
  void rowsComeBackFromFlinkAndTheResultTopicIsDeleted() throws Exception {
    String topic = newTopic("jdbc-select-flink", 2);
    for (int i = 0; i < 10; i++) {
      producer.send(
          topic,
          i % 2,
          null,
          null,
          "{\"id\": %d, \"name\": \"n%d\", \"price\": %d.25, \"ts\": \"2024-05-0%d 10:00:00\"}"
              .formatted(i, i, i, i % 9 + 1));
    }
    producer.flush();
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      s.execute("SET runner = 'FlinkRunner'");
      s.execute("SET flinkMaster = '[local]'");
      s.execute("SET parallelism = '2'");
      s.execute(
          TABLE.formatted(
              "bounded",
              topic,
              KAFKA.bootstrapServers(),
              ",'scan.bounded.mode' = 'latest-offset'"));
      s.execute(TABLE.formatted("unbounded", topic, KAFKA.bootstrapServers(), ""));

      List<String> rows = new ArrayList<>();
      try (ResultSet rs =
          s.executeQuery(
              "SELECT id, name, price, ts FROM bounded WHERE id >= 6 ORDER BY id LIMIT 100")) {
        ResultSetMetaData meta = rs.getMetaData();
        assertEquals(List.of("id", "name", "price", "ts"), labels(meta));
        assertEquals(Types.TIMESTAMP, meta.getColumnType(4));
        while (rs.next()) {
          rows.add(
              rs.getInt(1)
                  + "|"
                  + rs.getString(2)
                  + "|"
                  + rs.getBigDecimal(3)
                  + "|"
                  + rs.getString(4));
        }
      }
      // in the query's order
      assertEquals(
          List.of(
              "6|n6|6.25|2024-05-07 10:00:00.0",
              "7|n7|7.25|2024-05-08 10:00:00.0",
              "8|n8|8.25|2024-05-09 10:00:00.0",
              "9|n9|9.25|2024-05-01 10:00:00.0"),
          rows);

      // sqlline's way: execute, then getResultSet
      assertTrue(s.execute("SELECT name FROM unbounded LIMIT 3"));
      List<String> limited = new ArrayList<>();
      try (ResultSet rs = s.getResultSet()) {
        while (rs.next()) {
          limited.add(rs.getString(1));
        }
      }
      assertEquals(3, limited.size(), limited.toString());
      assertTrue(
          Set.of("n0", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8", "n9").containsAll(limited));
      assertEquals(-1, s.getUpdateCount());
      assertTrue(!s.getMoreResults());

      SQLException endless =
          assertThrows(SQLException.class, () -> s.executeQuery("SELECT name FROM unbounded"));
      assertTrue(endless.getMessage().contains("would never end"), endless.getMessage());
      assertTrue(endless.getMessage().contains("LIMIT"), endless.getMessage());
      s.execute("SET runner = 'DirectRunner'");
      SQLException direct =
          assertThrows(SQLException.class, () -> s.executeQuery("SELECT name FROM unbounded"));
      assertTrue(direct.getMessage().contains("would never end"), direct.getMessage());
    }
    Set<String> left = KAFKA.admin().listTopics().names().get(30, TimeUnit.SECONDS);
    assertTrue(left.stream().noneMatch(t -> t.startsWith("kafka-sql-result-")), left.toString());
  }

  /**
   * A connection whose jobs are listened to ({@code KafkaConnectorConnection.setJobListeners}, as
   * the shell does): each INSERT (DirectRunner and Flink) and each SELECT on Flink tells a new
   * listener when it starts, runs and ends; an INSERT's update count is the rows written; an INSERT
   * over an unbounded table runs until the statement is cancelled, and the listener hears of it.
   */
  @Test
  void jobsOfTheStatementsAreToldToTheConnectionsListeners() throws Exception {
    String source = newTopic("jdbc-jobs-source", 2);
    String sink = newTopic("jdbc-jobs-sink", 1);
    String endless = newTopic("jdbc-jobs-endless", 1);
    for (int i = 0; i < 10; i++) {
      producer.send(
          source,
          i % 2,
          null,
          null,
          "{\"id\": %d, \"name\": \"n%d\", \"price\": 1.50, \"ts\": \"2024-05-01 10:00:00\"}"
              .formatted(i, i));
    }
    producer.flush();
    List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      assertTrue(c.isWrapperFor(KafkaConnectorConnection.class));
      c.unwrap(KafkaConnectorConnection.class).setJobListeners(() -> new Recorder(events));
      s.execute(
          TABLE.formatted(
              "source",
              source,
              KAFKA.bootstrapServers(),
              ",'scan.bounded.mode' = 'latest-offset'"));
      s.execute(TABLE.formatted("unbounded", source, KAFKA.bootstrapServers(), ""));
      s.execute(TABLE.formatted("sink", sink, KAFKA.bootstrapServers(), ""));
      s.execute(TABLE.formatted("endless", endless, KAFKA.bootstrapServers(), ""));

      assertEquals(10, s.executeUpdate("INSERT INTO sink SELECT * FROM source WHERE id < 10"));
      assertEquals(List.of("starting DirectRunner", "running", "ended well"), events);
      events.clear();

      s.execute("SET runner = 'FlinkRunner'");
      s.execute("SET flinkMaster = '[local]'");
      assertTrue(!s.execute("INSERT INTO sink SELECT * FROM source WHERE id >= 5"));
      assertEquals(5, s.getUpdateCount());
      assertEquals(List.of("starting FlinkRunner", "running", "ended well"), events);
      assertEquals(15, readBack(sink).size());
      events.clear();

      try (ResultSet rs = s.executeQuery("SELECT id FROM source ORDER BY id LIMIT 2")) {
        assertTrue(rs.next());
        assertEquals(0, rs.getInt(1));
      }
      assertEquals(List.of("starting FlinkRunner", "running", "ended well"), events);
      events.clear();

      // an INSERT over an unbounded table runs until cancelled
      java.util.concurrent.CompletableFuture<Object> running =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> {
                try {
                  return s.executeUpdate("INSERT INTO endless SELECT * FROM unbounded");
                } catch (SQLException e) {
                  return e;
                }
              });
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (readBack(endless).size() < 10) {
        assertTrue(System.nanoTime() < deadline, "the INSERT wrote no rows: " + events);
        assertTrue(!running.isDone(), "the INSERT ended: " + running.getNow(null));
        Thread.sleep(200);
      }
      s.cancel();
      Object ended = running.get(60, TimeUnit.SECONDS);
      assertTrue(
          ended instanceof SQLException e && e.getMessage().contains("cancelled"),
          String.valueOf(ended));
      assertEquals(
          List.of("starting FlinkRunner", "running", "ended " + JobListener.CANCELLED), events);
    }
  }

  /** Records what a job listener hears. */
  private record Recorder(List<String> events) implements JobListener {
    @Override
    public void starting(PipelineOptions options) {
      events.add("starting " + options.getRunner().getSimpleName());
    }

    @Override
    public void running(PipelineResult result) {
      events.add("running");
    }

    @Override
    public void ended(PipelineResult result, String failure) {
      events.add("ended " + (failure == null ? "well" : failure));
    }
  }

  private static List<String> labels(ResultSetMetaData meta) throws SQLException {
    List<String> labels = new ArrayList<>();
    for (int i = 1; i <= meta.getColumnCount(); i++) {
      labels.add(meta.getColumnLabel(i));
    }
    return labels;
  }
}
