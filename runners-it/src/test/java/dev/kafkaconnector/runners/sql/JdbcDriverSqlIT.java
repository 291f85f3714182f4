package dev.kafkaconnector.runners.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.runners.read.TestProducer;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/**
 * The SQL cases through Beam's JDBC driver ({@code jdbc:beam:} with {@link DriverManager}), as a
 * shell such as sqlline runs them: each statement plans and runs its own pipeline, on the
 * DirectRunner unless {@code SET runner} says otherwise. The tables come from the service loader.
 *
 * <p>Beam 2.70's driver cannot return MAP columns (a NullPointerException in {@code
 * BeamEnumerableConverter.fieldToAvatica}) nor ARRAY of ROW columns (Avatica looks the row's fields
 * up as Java fields); the nested example therefore selects the elements of those columns here, and
 * whole columns through {@code SqlTransform}. Nor can it return TIME values: it hands Avatica
 * nanoseconds of the day where milliseconds are expected, so the query casts TIME to text.
 */
class JdbcDriverSqlIT extends SqlITSupport {

  static Connection connect() throws SQLException {
    return DriverManager.getConnection("jdbc:beam:");
  }

  @Test
  void specFirstExampleOnTheDirectRunner() throws Exception {
    firstExample(connect(), "jdbc-direct");
  }

  @Test
  void specFirstExampleOnFlink() throws Exception {
    Connection c = connect();
    try (Statement s = c.createStatement()) {
      s.execute("SET runner = FlinkRunner");
      s.execute("SET flinkMaster = '[local]'");
      s.execute("SET parallelism = '2'");
    }
    firstExample(c, "jdbc-flink");
  }

  private static void firstExample(Connection connection, String prefix) throws Exception {
    String source = newTopic(prefix + "-source", 2);
    String sink = newTopic(prefix + "-sink", 1);
    for (int i = 0; i < 10; i++) {
      producer.send(source, i % 2, null, null, i + ",n" + i + "," + (30 + i));
    }
    producer.flush();
    try (Connection c = connection;
        Statement s = c.createStatement()) {
      s.execute(
          table(
              "kafka_source",
              "id INT, name VARCHAR, age INT",
              "kafka-connector",
              boundedSource(source, "csv", "properties.group.id", prefix)));
      s.execute(
          table(
              "kafka_sink",
              "id INT, name VARCHAR, age INT",
              "kafka-connector",
              Map.of(
                  "topic",
                  sink,
                  "properties.bootstrap.servers",
                  KAFKA.bootstrapServers(),
                  "properties.group.id",
                  prefix,
                  "format",
                  "csv")));
      s.executeUpdate("INSERT INTO kafka_sink SELECT id, name, age FROM kafka_source");
    }
    List<String> written = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r : readBack(sink)) {
      written.add(text(r.value()).trim());
    }
    written.sort(null);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      expected.add(i + ",n" + i + "," + (30 + i));
    }
    expected.sort(null);
    assertEquals(expected, written);
  }

  /**
   * The spec's first example (000, "Exemples") as Flink DDL through {@code jdbc:kafkaconnector:},
   * which translates it: placeholders replaced, plus a startup and a bounded mode so that the
   * INSERT ends.
   */
  static String specFirstExampleFlinkDdl(String name, String topic, String group) {
    return """
        CREATE TEMPORARY TABLE %s (
          id INT,
          name STRING,
          age INT
        ) WITH (
          'connector' = 'kafka',
          'topic' = '%s',
          'properties.bootstrap.servers' = '%s',
          'properties.group.id' = '%s',
          'format' = 'csv',
          'scan.startup.mode' = 'earliest-offset', -- added: read from the start
          'scan.bounded.mode' = 'latest-offset'    -- added: and stop at the end
        );"""
        .formatted(name, topic, KAFKA.bootstrapServers(), group);
  }

  @Test
  void specFirstExampleAsFlinkDdlOnTheDirectRunner() throws Exception {
    flinkDdlFirstExample("jdbc-flinkddl-direct", null);
  }

  @Test
  void specFirstExampleAsFlinkDdlOnFlink() throws Exception {
    flinkDdlFirstExample("jdbc-flinkddl-flink", "'FlinkRunner'");
  }

  private static void flinkDdlFirstExample(String prefix, String runner) throws Exception {
    String source = newTopic(prefix + "-source", 2);
    String sink = newTopic(prefix + "-sink", 1);
    for (int i = 0; i < 10; i++) {
      producer.send(source, i % 2, null, null, i + ",n" + i + "," + (30 + i));
    }
    producer.flush();
    try (Connection c = DriverManager.getConnection("jdbc:kafkaconnector:");
        Statement s = c.createStatement()) {
      if (runner != null) {
        s.execute("SET runner = " + runner);
        s.execute("SET flinkMaster = '[local]'");
        s.execute("SET parallelism = '2'");
      }
      s.execute(specFirstExampleFlinkDdl("kafka_source", source, prefix));
      s.execute(specFirstExampleFlinkDdl("kafka_sink", sink, prefix));
      s.executeUpdate("INSERT INTO kafka_sink SELECT id, name, age FROM kafka_source");
      // on Flink the rows come back through a temporary topic (Beam's own driver collects rows
      // from the DirectRunner only)
      List<String> selected = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("SELECT id, name, age FROM kafka_sink")) {
        while (rs.next()) {
          selected.add(rs.getInt(1) + "," + rs.getString(2) + "," + rs.getInt(3));
        }
      }
      selected.sort(null);
      List<String> expected = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        expected.add(i + ",n" + i + "," + (30 + i));
      }
      expected.sort(null);
      assertEquals(expected, selected);
    }
    assertEquals(10, readBack(sink).size());
  }

  @Test
  void nestedJsonElementsAsTheSpecPrintsThem() throws Exception {
    String topic = newTopic("jdbc-nested", 1);
    send(topic, List.of(NESTED_JSON));
    List<String> values = new ArrayList<>();
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute(
          table(
              "kafka_source",
              NESTED_COLUMNS,
              "kafka-connector",
              boundedSource(topic, "json", "properties.group.id", "testGroup")));
      try (ResultSet rs =
          s.executeQuery(
              "SELECT id, name, `date`, t.obj.str, arr, arr[4], rowinarr[1].f2,"
                  + " CAST(`time` AS VARCHAR),"
                  + " `timestamp`, `map`['flink'], mapinmap['inner_map']['key']"
                  + " FROM kafka_source t")) {
        while (rs.next()) {
          for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
            Object v = rs.getObject(i);
            values.add(
                v instanceof Array a ? Arrays.toString((Object[]) a.getArray()) : rs.getString(i));
          }
        }
      }
    }
    assertEquals(
        List.of(
            "1234567890",
            "tom",
            "2000-10-25",
            "test",
            "[aa, bb, cc, dd]",
            "dd",
            "111",
            "19:19:19",
            "1999-01-12 14:14:14.000000",
            "123",
            "234"),
        values);
  }

  @Test
  void debeziumChangelogAndUpsertRoundTrip() throws Exception {
    String cdc = newTopic("jdbc-debezium", 1);
    String upsert = newTopic("jdbc-upsert", 1);
    send(cdc, sample("debezium-data-schema-exclude.txt"));
    Map<String, Object> upsertProps =
        new LinkedHashMap<>(
            boundedSource(
                upsert,
                "json",
                "key.format",
                "json",
                "primary-key",
                "id",
                "metadata",
                Map.of("kind", "row-kind", "record_offset", "offset")));
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute(
          table(
              "products",
              AbstractSqlTransformITCase.DEBEZIUM_COLUMNS,
              "kafka-connector",
              boundedSource(
                  cdc, "debezium-json", "metadata", AbstractSqlTransformITCase.DEBEZIUM_METADATA)));
      s.execute(
          table(
              "products_upsert",
              "id INT, name VARCHAR, weight DOUBLE, kind VARCHAR, record_offset BIGINT",
              "upsert-kafka",
              upsertProps));
      List<Row> changelog =
          rows(
              s,
              "SELECT id, name, weight, kind, origin_db, origin_table, record_offset"
                  + " FROM products");
      AbstractSqlTransformITCase.assertDebeziumChangelog(changelog);

      s.executeUpdate(
          "INSERT INTO products_upsert SELECT id, name, weight, kind, record_offset FROM products");
      assertEquals(16, readBack(upsert).size());
      List<Row> upserts =
          rows(
              s,
              "SELECT id, name, weight, kind, '' AS origin_db, '' AS origin_table,"
                  + " record_offset FROM products_upsert");
      Map<String, Integer> kinds = new TreeMap<>();
      upserts.forEach(r -> kinds.merge(r.getString("kind"), 1, Integer::sum));
      assertEquals(Map.of("+U", 15, "-D", 1), kinds);
      assertEquals(PRODUCTS_FINAL, fold(upserts, "kind", "record_offset"));
    }
  }

  private static final Schema PRODUCT_CHANGE =
      Schema.builder()
          .addNullableField("id", FieldType.INT32)
          .addNullableField("name", FieldType.STRING)
          .addNullableField("weight", FieldType.DOUBLE)
          .addNullableField("kind", FieldType.STRING)
          .addNullableField("origin_db", FieldType.STRING)
          .addNullableField("origin_table", FieldType.STRING)
          .addNullableField("record_offset", FieldType.INT64)
          .build();

  /** The rows of a query over the products columns, as Beam rows for the shared assertions. */
  private static List<Row> rows(Statement s, String query) throws SQLException {
    List<Row> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(query)) {
      while (rs.next()) {
        out.add(
            Row.withSchema(PRODUCT_CHANGE)
                .addValues(
                    rs.getInt(1),
                    rs.getString(2),
                    rs.getObject(3) == null ? null : rs.getDouble(3),
                    rs.getString(4),
                    rs.getString(5),
                    rs.getString(6),
                    rs.getLong(7))
                .build());
      }
    }
    return out;
  }

  @Test
  void headerFilteredReadWithMetadataColumns() throws Exception {
    String topic = newTopic("jdbc-headers", 1);
    for (int i = 0; i < 6; i++) {
      producer.send(
          topic,
          0,
          1_700_000_000_000L + 1000L * i,
          null,
          "{\"id\":" + i + ",\"name\":\"n" + i + "\"}",
          TestProducer.header("depart", i % 2 == 0 ? "toy" : "book"),
          TestProducer.header("env", i == 4 ? "test" : "prod"));
    }
    producer.flush();
    List<String> seen = new ArrayList<>();
    try (Connection c = connect();
        Statement s = c.createStatement()) {
      s.execute(
          table(
              "events",
              "record_offset BIGINT, id INT, name VARCHAR, ts TIMESTAMP, part INT",
              "kafka-connector",
              boundedSource(
                  topic,
                  "json",
                  "scan.header-filter",
                  "depart:toy|depart:book&!env:test",
                  "metadata",
                  Map.of("record_offset", "offset", "part", "partition", "ts", "timestamp"))));
      try (ResultSet rs =
          s.executeQuery(
              "SELECT record_offset, id, name, ts, part FROM events ORDER BY id LIMIT 100")) {
        while (rs.next()) {
          seen.add(
              rs.getLong(1)
                  + " "
                  + rs.getInt(2)
                  + " "
                  + rs.getString(3)
                  + " "
                  + rs.getString(4)
                  + " "
                  + rs.getInt(5));
        }
      }
    }
    assertEquals(
        List.of(
            "0 0 n0 2023-11-14 22:13:20.000000 0",
            "1 1 n1 2023-11-14 22:13:21.000000 0",
            "2 2 n2 2023-11-14 22:13:22.000000 0",
            "3 3 n3 2023-11-14 22:13:23.000000 0",
            "5 5 n5 2023-11-14 22:13:25.000000 0"),
        seen);
  }
}
