package dev.kafkaconnector.runners.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.runners.read.CollectingSink;
import dev.kafkaconnector.runners.read.TestProducer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.extensions.sql.SqlTransform;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The SQL cases through {@link SqlTransform}, run on one runner per subclass: tables of type {@code
 * kafka-connector} and {@code upsert-kafka} declared with {@code CREATE EXTERNAL TABLE} (found
 * through the service loader, no code), read with bounded scans and written with INSERT.
 */
abstract class AbstractSqlTransformITCase extends SqlITSupport {

  /** Options for a job that runs to its end and whose run() blocks. */
  protected abstract PipelineOptions options();

  /** Runs {@code query} after {@code ddl}; returns the rows it gives (INSERT: those written). */
  List<Row> run(String query, String... ddl) {
    Pipeline pipeline = Pipeline.create(options());
    SqlTransform sql = SqlTransform.query(query);
    for (String statement : ddl) {
      sql = sql.withDdlString(statement);
    }
    PCollection<Row> rows = pipeline.apply(sql);
    CollectingSink sink = new CollectingSink();
    rows.apply(sink);
    assertDone(pipeline.run());
    return sink.rows();
  }

  @Test
  void specFirstExampleCopiesCsvRows() {
    String source = newTopic("sql-source", 2);
    String sink = newTopic("sql-sink", 1);
    for (int i = 0; i < 20; i++) {
      producer.send(source, i % 2, null, null, i + ",name " + i + "," + (20 + i));
    }
    producer.flush();
    run(
        "INSERT INTO kafka_sink SELECT id, name, age FROM kafka_source",
        table(
            "kafka_source",
            "id INT, name VARCHAR, age INT",
            "kafka-connector",
            boundedSource(source, "csv", "properties.group.id", "sql-example")),
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
                "sql-example",
                "format",
                "csv")));
    List<String> written = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r : readBack(sink)) {
      written.add(text(r.value()).trim());
    }
    written.sort(null);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      expected.add(i + ",\"name " + i + "\"," + (20 + i));
    }
    expected.sort(null);
    assertEquals(expected, written);
  }

  @Test
  void insertWritesWritableMetadataAndIgnoresReadOnly() {
    String source = newTopic("sql-meta-source", 1);
    String sink = newTopic("sql-meta-sink", 1);
    producer.send(source, 0, 1_600_000_000_000L, null, "{\"id\":1,\"name\":\"a\"}");
    producer.send(source, 0, 1_600_000_001_000L, null, "{\"id\":2,\"name\":\"b\"}");
    producer.flush();
    String columns = "id INT, name VARCHAR, ts TIMESTAMP, record_offset BIGINT";
    run(
        "INSERT INTO sink_t SELECT id, name, ts, record_offset FROM source_t",
        table(
            "source_t",
            columns,
            "kafka-connector",
            boundedSource(
                source, "json", "metadata", Map.of("ts", "timestamp", "record_offset", "offset"))),
        table(
            "sink_t",
            columns,
            "kafka-connector",
            Map.of(
                "topic",
                sink,
                "properties.bootstrap.servers",
                KAFKA.bootstrapServers(),
                "format",
                "json",
                "metadata",
                Map.of("ts", "timestamp", "record_offset", "offset"))));
    Map<String, Long> written = new TreeMap<>();
    readBack(sink).forEach(r -> written.put(text(r.value()), r.timestamp()));
    assertEquals(
        Map.of(
            "{\"id\":1,\"name\":\"a\"}", 1_600_000_000_000L,
            "{\"id\":2,\"name\":\"b\"}", 1_600_000_001_000L),
        written);
  }

  /**
   * The spec's first SQL table (000, "SQL": KafkaTable, csv, the record timestamp as a VIRTUAL
   * metadata column) as Flink DDL translated by {@code FlinkDdl.toBeamSql}, with a watermark clause
   * and a bounded mode added: the rows carry the record timestamps.
   */
  @Test
  void flinkDdlOfTheSpecThroughSqlTransform() {
    String topic = newTopic("sql-flinkddl", 1);
    for (int i = 0; i < 5; i++) {
      producer.send(topic, 0, 1_700_000_000_000L + 1000L * i, null, i + "," + (100 + i) + ",buy");
    }
    producer.flush();
    String ddl =
        """
        CREATE TABLE KafkaTable (
          `user_id` BIGINT,
          `item_id` BIGINT,
          `behavior` STRING,
          `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
          WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
        ) WITH (
          'connector' = 'kafka',
          'topic' = '%s',
          'properties.bootstrap.servers' = '%s',
          'properties.group.id' = 'testGroup',
          'scan.startup.mode' = 'earliest-offset',
          'scan.bounded.mode' = 'latest-offset',
          'format' = 'csv'
        )"""
            .formatted(topic, KAFKA.bootstrapServers());
    List<Row> rows =
        run(
            "SELECT user_id, item_id, behavior, ts FROM KafkaTable",
            dev.kafkaconnector.io.sql.FlinkDdl.toBeamSql(ddl));
    List<String> seen = new ArrayList<>();
    for (Row r : rows) {
      seen.add(
          r.getInt64("user_id")
              + " "
              + r.getInt64("item_id")
              + " "
              + r.getString("behavior")
              + " "
              + r.getDateTime("ts").getMillis());
    }
    seen.sort(null);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      expected.add(i + " " + (100 + i) + " buy " + (1_700_000_000_000L + 1000L * i));
    }
    assertEquals(expected, seen);
  }

  /**
   * {@code WATERMARK FOR} a payload column, as Flink users write it: {@code TUMBLE} over that
   * column gives every window, although the records' own timestamps are a day later.
   */
  @Test
  void tumbleOverAPayloadWatermarkColumn() {
    String topic = newTopic("sql-tumble", 1);
    long t = 1_600_000_000_000L; // 2020-09-13 12:26:40 UTC, a multiple of 10 s
    sendOrdersADayLate(topic, t);
    String ddl =
        """
        CREATE TABLE Orders (
          order_id STRING,
          order_time TIMESTAMP(3),
          WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
        )"""
            + boundedKafka(topic, "csv");
    assertEquals(
        Map.of(0L, 4L, 10L, 3L, 30L, 1L), tumbleCounts(ddl, t), "window start (s after t) -> rows");
  }

  /**
   * The same windows over a computed column ({@code order_time AS CAST(order_text AS
   * TIMESTAMP(3))}) that carries the watermark: the source evaluates the expression on each row to
   * stamp it, so every window closes with its rows although the records' own timestamps are a day
   * later.
   */
  @Test
  void tumbleOverAComputedWatermarkColumn() {
    String topic = newTopic("sql-tumble-computed", 1);
    long t = 1_600_000_000_000L;
    sendOrdersADayLate(topic, t);
    String ddl =
        """
        CREATE TABLE Orders (
          order_id STRING,
          order_text STRING,
          order_time AS CAST(order_text AS TIMESTAMP(3)),
          WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
        )"""
            + boundedKafka(topic, "csv");
    assertEquals(
        Map.of(0L, 4L, 10L, 3L, 30L, 1L), tumbleCounts(ddl, t), "window start (s after t) -> rows");
  }

  /**
   * Flink's usual Kafka table: JSON with an epoch-millis field, {@code ts AS
   * TO_TIMESTAMP_LTZ(ts_ms, 3)} carrying the watermark. The source stamps each row with the
   * function's value, so every 10 s window closes with exactly its rows although the records' own
   * timestamps are a day later.
   */
  @Test
  void tumbleOverAToTimestampLtzWatermarkColumn() {
    String topic = newTopic("sql-tumble-ltz", 1);
    long t = 1_600_000_000_000L;
    for (long s : new long[] {1, 4, 2, 12, 8, 15, 11, 31}) {
      producer.send(
          topic,
          0,
          t + 86_400_000L,
          null,
          "{\"order_id\":\"o" + s + "\",\"ts_ms\":" + (t + 1000 * s + 250) + "}");
    }
    producer.flush();
    String ddl =
        """
        CREATE TABLE Orders (
          order_id STRING,
          ts_ms BIGINT,
          ts AS TO_TIMESTAMP_LTZ(ts_ms, 3),
          WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
        )"""
            + boundedKafka(topic, "json");
    List<Row> rows =
        run(
            "SELECT TUMBLE_START(ts, INTERVAL '10' SECOND) AS w, COUNT(*) AS n,"
                + " MIN(order_id) AS first_id FROM Orders GROUP BY TUMBLE(ts, INTERVAL '10' SECOND)",
            dev.kafkaconnector.io.sql.FlinkDdl.toBeamSql(ddl));
    Map<Long, String> byStart = new TreeMap<>();
    for (Row r : rows) {
      byStart.put(
          (millis(r.getValue("w")) - t) / 1000, r.getInt64("n") + " " + r.getString("first_id"));
    }
    assertEquals(
        Map.of(0L, "4 o1", 10L, "3 o11", 30L, "1 o31"),
        byStart,
        "window start (s after t) -> rows");
  }

  /**
   * {@code TO_TIMESTAMP(string)} (Flink's default 'yyyy-MM-dd HH:mm:ss') and {@code
   * TO_TIMESTAMP(string, format)} in computed columns of a plain SELECT: zone-less timestamps, read
   * as UTC; text that does not parse gives null, as in Flink.
   */
  @Test
  void toTimestampComputedColumnsInASelect() {
    String topic = newTopic("sql-to-timestamp", 1);
    producer.send(topic, 0, null, null, "1,2024-03-01 10:00:00,01/03/2024 10:00");
    producer.send(topic, 0, null, null, "2,2024-3-1 23:59:59.5,31/12/1999 23:59");
    producer.send(topic, 0, null, null, "3,yesterday,soon");
    producer.flush();
    String ddl =
        """
        CREATE TABLE Events (
          id INT,
          created_text STRING,
          local_text STRING,
          created AS TO_TIMESTAMP(created_text),
          local_time AS TO_TIMESTAMP(local_text, 'dd/MM/yyyy HH:mm'),
          created_day AS DATE_FORMAT(created_text, 'yyyy/MM/dd')
        )"""
            + boundedKafka(topic, "csv");
    Map<Integer, String> byId = new TreeMap<>();
    for (Row r :
        run(
            "SELECT id, created, local_time, created_day FROM Events",
            dev.kafkaconnector.io.sql.FlinkDdl.toBeamSql(ddl))) {
      byId.put(
          r.getInt32("id"),
          iso(r.getValue("created"))
              + " "
              + iso(r.getValue("local_time"))
              + " "
              + r.getString("created_day"));
    }
    assertEquals(
        Map.of(
            1, "2024-03-01T10:00:00Z 2024-03-01T10:00:00Z 2024/03/01",
            2, "2024-03-01T23:59:59.500Z 1999-12-31T23:59:00Z 2024/03/01",
            3, "null null null"),
        byId);
  }

  /** A timestamp value as an instant, a zone-less one read as UTC. */
  private static long millis(Object value) {
    return value instanceof LocalDateTime local
        ? local.toInstant(ZoneOffset.UTC).toEpochMilli()
        : ((org.joda.time.ReadableInstant) value).getMillis();
  }

  private static String iso(Object value) {
    return value == null ? "null" : java.time.Instant.ofEpochMilli(millis(value)).toString();
  }

  /**
   * Writes csv orders {@code id,time} at 1, 4, 2, 12, 8, 15, 11 and 31 s after {@code t}, each
   * record stamped a day later than its order time.
   */
  private void sendOrdersADayLate(String topic, long t) {
    for (long s : new long[] {1, 4, 2, 12, 8, 15, 11, 31}) {
      LocalDateTime at = LocalDateTime.ofEpochSecond(t / 1000 + s, 0, ZoneOffset.UTC);
      producer.send(
          topic, 0, t + 86_400_000L, null, "o" + s + "," + at.toString().replace('T', ' '));
    }
    producer.flush();
  }

  /** Rows per 10 s TUMBLE window of table Orders over order_time, by window start (s after t). */
  private Map<Long, Long> tumbleCounts(String flinkDdl, long t) {
    List<Row> rows =
        run(
            "SELECT TUMBLE_START(order_time, INTERVAL '10' SECOND) AS w, COUNT(*) AS n"
                + " FROM Orders GROUP BY TUMBLE(order_time, INTERVAL '10' SECOND)",
            dev.kafkaconnector.io.sql.FlinkDdl.toBeamSql(flinkDdl));
    Map<Long, Long> byStart = new TreeMap<>();
    for (Row r : rows) {
      Object w = r.getValue("w");
      long start =
          w instanceof LocalDateTime local
              ? local.toInstant(ZoneOffset.UTC).toEpochMilli()
              : ((org.joda.time.ReadableInstant) w).getMillis();
      byStart.put((start - t) / 1000, r.getInt64("n"));
    }
    return byStart;
  }

  /**
   * Flink DDL computed columns ({@code total AS price * qty}, {@code CAST(ts AS DATE)} over the
   * record timestamp) are evaluated per row and usable in SELECT, WHERE and GROUP BY; a query that
   * reads no computed column still gets its columns pushed down to the source. Metadata columns
   * declared with another integer type than their key's are converted.
   */
  @Test
  void computedColumnsInSelectWhereAndGroupBy() {
    String topic = newTopic("sql-computed", 2);
    long day1 = LocalDate.of(2024, 3, 1).atStartOfDay().toInstant(ZoneOffset.UTC).toEpochMilli();
    long day2 = day1 + 86_400_000L;
    producer.send(topic, 0, day1 + 1_000, null, "1,2.5,4,pen");
    producer.send(topic, 1, day1 + 2_000, null, "2,1.0,3,ink");
    producer.send(topic, 0, day2 + 1_000, null, "3,3.0,3,cap");
    producer.send(topic, 1, day2 + 86_399_000L, null, "4,10.0,1,box");
    producer.flush();
    String ddl =
        """
        CREATE TABLE Sales (
          id INT,
          price DOUBLE,
          qty INT,
          item STRING,
          `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp',
          `part` BIGINT METADATA FROM 'partition',
          `offset` INT METADATA,
          sale_day AS CAST(`ts` AS DATE),
          total AS price * qty,
          label AS UPPER(item) || '#' || CAST(id AS VARCHAR)
        )"""
            + boundedKafka(topic, "csv");
    String beamDdl = dev.kafkaconnector.io.sql.FlinkDdl.toBeamSql(ddl);
    Map<LocalDate, String> byDay = new TreeMap<>();
    for (Row r :
        run(
            "SELECT sale_day, SUM(total) AS s, COUNT(*) AS n FROM Sales WHERE total > 5"
                + " GROUP BY sale_day",
            beamDdl)) {
      byDay.put((LocalDate) r.getValue("sale_day"), r.getDouble("s") + "/" + r.getInt64("n"));
    }
    assertEquals(
        Map.of(LocalDate.of(2024, 3, 1), "10.0/1", LocalDate.of(2024, 3, 2), "19.0/2"), byDay);
    List<String> labels = new ArrayList<>();
    run("SELECT label FROM Sales", beamDdl).forEach(r -> labels.add(r.getString("label")));
    Collections.sort(labels);
    assertEquals(List.of("BOX#4", "CAP#3", "INK#2", "PEN#1"), labels);
    // no computed column: the columns are pushed down; partition and offset declared as Flink's
    // catalog example does (BIGINT partition, INT offset) are converted
    List<String> ids = new ArrayList<>();
    run("SELECT id, part, `offset` FROM Sales WHERE qty > 3", beamDdl)
        .forEach(
            r -> ids.add(r.getInt32("id") + "@" + r.getInt64("part") + "/" + r.getInt32("offset")));
    assertEquals(List.of("1@0/0"), ids);
  }

  @Test
  void nestedJsonGivesTheSpecsPrintedOutput() {
    String topic = newTopic("sql-nested", 1);
    send(topic, List.of(NESTED_JSON));
    List<Row> rows =
        run(
            NESTED_QUERY,
            table(
                "kafka_source",
                NESTED_COLUMNS,
                "kafka-connector",
                boundedSource(topic, "json", "properties.group.id", "testGroup")));
    assertEquals(1, rows.size(), rows.toString());
    assertEquals(NESTED_OUTPUT, flinkText(rows.get(0)));
  }

  @Test
  void debeziumChangelogWithRowKindAndSourceMetadata() throws Exception {
    String topic = newTopic("sql-debezium", 1);
    send(topic, sample("debezium-data-schema-exclude.txt"));
    List<Row> rows =
        run(
            "SELECT id, name, weight, kind, origin_db, origin_table, record_offset FROM products",
            table(
                "products",
                DEBEZIUM_COLUMNS,
                "kafka-connector",
                boundedSource(topic, "debezium-json", "metadata", DEBEZIUM_METADATA)));
    assertDebeziumChangelog(rows);
  }

  static final String DEBEZIUM_COLUMNS =
      "id INT, name VARCHAR, description VARCHAR, weight DOUBLE, kind VARCHAR, origin_db VARCHAR,"
          + " origin_table VARCHAR, source_ts TIMESTAMP, record_offset BIGINT";
  static final Map<String, String> DEBEZIUM_METADATA =
      Map.of(
          "kind", "row-kind",
          "origin_db", "value.source.database",
          "origin_table", "value.source.table",
          "source_ts", "value.source.timestamp",
          "record_offset", "offset");

  static void assertDebeziumChangelog(List<Row> rows) {
    Map<String, Integer> kinds = new TreeMap<>();
    rows.forEach(r -> kinds.merge(r.getString("kind"), 1, Integer::sum));
    assertEquals(Map.of("+I", 11, "-U", 4, "+U", 4, "-D", 1), kinds, rows.toString());
    for (Row row : rows) {
      assertEquals("inventory", row.getString("origin_db"), row.toString());
      assertEquals("products", row.getString("origin_table"), row.toString());
    }
    assertEquals(PRODUCTS_FINAL, fold(rows, "kind", "record_offset"));
  }

  @Test
  void upsertRoundTripWritesTombstonesAndReadsTheChangelog() throws Exception {
    String cdc = newTopic("sql-upsert-cdc", 1);
    String upsert = newTopic("sql-upsert", 1);
    send(cdc, sample("debezium-data-schema-exclude.txt"));
    Map<String, Object> upsertProps =
        new java.util.LinkedHashMap<>(
            boundedSource(
                upsert,
                "json",
                "key.format",
                "json",
                "primary-key",
                List.of("id"),
                "metadata",
                Map.of("kind", "row-kind", "record_offset", "offset")));
    upsertProps.remove("format");
    upsertProps.put("value.format", "json");
    String upsertColumns =
        "id INT, name VARCHAR, weight DOUBLE, kind VARCHAR, record_offset BIGINT";
    String upsertTable = table("products_upsert", upsertColumns, "upsert-kafka", upsertProps);
    run(
        "INSERT INTO products_upsert SELECT id, name, weight, kind, record_offset FROM products",
        table(
            "products",
            DEBEZIUM_COLUMNS,
            "kafka-connector",
            boundedSource(cdc, "debezium-json", "metadata", DEBEZIUM_METADATA)),
        upsertTable);
    // -U rows are dropped, -D is a tombstone keyed by the primary key
    List<ConsumerRecord<byte[], byte[]>> records = readBack(upsert);
    assertEquals(16, records.size());
    ConsumerRecord<byte[], byte[]> last = records.get(records.size() - 1);
    assertEquals("{\"id\":111}", text(last.key()));
    assertEquals(null, last.value());
    List<Row> changelog =
        run("SELECT id, name, weight, kind, record_offset FROM products_upsert", upsertTable);
    Map<String, Integer> kinds = new TreeMap<>();
    changelog.forEach(r -> kinds.merge(r.getString("kind"), 1, Integer::sum));
    assertEquals(Map.of("+U", 15, "-D", 1), kinds);
    assertEquals(PRODUCTS_FINAL, fold(changelog, "kind", "record_offset"));
  }

  @Test
  void headerFilteredReadWithMetadataColumns() {
    String topic = newTopic("sql-headers", 2);
    for (int i = 0; i < 10; i++) {
      String env = i % 3 == 0 ? "test" : "prod";
      producer.send(
          topic,
          i % 2,
          1_700_000_000_000L + i,
          null,
          "{\"id\":" + i + ",\"name\":\"n" + i + "\"}",
          TestProducer.header("env", env),
          TestProducer.header("n", Integer.toString(i)));
    }
    producer.flush();
    List<Row> rows =
        run(
            "SELECT record_offset, id, name, ts, part, hdrs FROM events",
            table(
                "events",
                "record_offset BIGINT, id INT, name VARCHAR, ts TIMESTAMP, part INT,"
                    + " hdrs MAP<VARCHAR, VARBINARY>",
                "kafka-connector",
                boundedSource(
                    topic,
                    "json",
                    "scan.header-filter",
                    "env:prod",
                    "metadata",
                    Map.of(
                        "record_offset",
                        "offset",
                        "part",
                        "partition",
                        "ts",
                        "timestamp",
                        "hdrs",
                        "headers"))));
    List<String> seen = new ArrayList<>();
    for (Row row : rows) {
      int id = row.getInt32("id");
      assertEquals(id % 2, row.getInt32("part").intValue(), row.toString());
      assertEquals(id / 2, row.getInt64("record_offset").longValue(), row.toString());
      assertEquals(new Instant(1_700_000_000_000L + id), row.getDateTime("ts"));
      Map<String, byte[]> headers = row.getMap("hdrs");
      assertEquals("prod", text(headers.get("env")));
      assertEquals(Integer.toString(id), text(headers.get("n")));
      seen.add(id + " " + row.getString("name"));
    }
    seen.sort(null);
    assertEquals(List.of("1 n1", "2 n2", "4 n4", "5 n5", "7 n7", "8 n8"), seen);
  }

  @Test
  void specCanalExampleWithAllItsMetadataColumns() {
    String topic = newTopic("sql-canal", 1);
    send(topic, List.of(CANAL_INSERT, CANAL_UPDATE));
    Map<String, String> metadata = new TreeMap<>();
    metadata.put("origin_database", "value.database");
    metadata.put("origin_table", "value.table");
    metadata.put("origin_es", "value.event-timestamp");
    metadata.put("origin_type", "value.operation-type");
    metadata.put("batch_id", "value.batch-id");
    metadata.put("is_ddl", "value.is-ddl");
    metadata.put("origin_old", "value.update-before");
    metadata.put("mysql_type", "value.mysql-type");
    metadata.put("origin_pk_names", "value.pk-names");
    metadata.put("sql", "value.sql");
    metadata.put("origin_sql_type", "value.sql-type");
    metadata.put("ingestion_ts", "value.ingestion-timestamp");
    List<Row> rows =
        run(
            "SELECT * FROM `source`",
            table(
                "`source`",
                CANAL_COLUMNS,
                "kafka-connector",
                boundedSource(
                    topic,
                    "canal-json",
                    "properties.group.id",
                    "testGroup",
                    "scan.topic-partition-discovery.interval",
                    "300s",
                    "canal-json.source.append-mode",
                    true,
                    "canal-json.ignore-parse-errors",
                    false,
                    "metadata",
                    metadata)));
    assertEquals(2, rows.size(), rows.toString());
    rows = new ArrayList<>(rows);
    rows.sort((a, b) -> a.getInt64("batch_id").compareTo(b.getInt64("batch_id")));
    Row insert = rows.get(0);
    assertEquals(1L, insert.getInt64("aid"));
    assertEquals("alice", insert.getString("charname"));
    assertEquals(new Instant(1_589_373_515_123L), insert.getDateTime("ts"));
    assertEquals("shop", insert.getString("origin_database"));
    assertEquals("users", insert.getString("origin_table"));
    assertEquals(new Instant(1_589_373_515_000L), insert.getDateTime("origin_es"));
    assertEquals("INSERT", insert.getString("origin_type"));
    assertEquals(false, insert.getBoolean("is_ddl"));
    assertEquals(
        Map.of("aid", "BIGINT", "charname", "VARCHAR(64)", "ts", "DATETIME(3)"),
        insert.getMap("mysql_type"));
    assertEquals(List.of("aid"), new ArrayList<>(insert.getArray("origin_pk_names")));
    assertEquals("", insert.getString("sql"));
    assertEquals(Map.of("aid", -5, "charname", 12, "ts", 93), insert.getMap("origin_sql_type"));
    assertEquals(new Instant(1_589_373_515_477L), insert.getDateTime("ingestion_ts"));
    Row update = rows.get(1);
    assertEquals("alicia", update.getString("charname"));
    assertEquals("UPDATE", update.getString("origin_type"));
    assertEquals(
        List.of(Map.of("charname", "alice")), new ArrayList<>(update.getArray("origin_old")));
  }

  /**
   * The spec's Canal sink table (002, section 28: every metadata column non-virtual), fed by its
   * Canal source table: the origin of each row (database, table, primary key names, event and
   * ingestion time, batch id) is written into the Canal message; the read-only columns (the
   * operation type, the type maps, the before image, ...) are not, since the sink derives them.
   */
  @Test
  void specCanalSinkWritesTheOriginOfEachRow() throws Exception {
    String source = newTopic("sql-canal-copy-in", 1);
    String sink = newTopic("sql-canal-copy-out", 1);
    send(source, List.of(CANAL_INSERT, CANAL_UPDATE));
    Map<String, String> metadata = new TreeMap<>();
    metadata.put("origin_database", "value.database");
    metadata.put("origin_table", "value.table");
    metadata.put("origin_es", "value.event-timestamp");
    metadata.put("origin_type", "value.operation-type");
    metadata.put("batch_id", "value.batch-id");
    metadata.put("is_ddl", "value.is-ddl");
    metadata.put("origin_old", "value.update-before");
    metadata.put("mysql_type", "value.mysql-type");
    metadata.put("origin_pk_names", "value.pk-names");
    metadata.put("sql", "value.sql");
    metadata.put("origin_sql_type", "value.sql-type");
    metadata.put("ingestion_ts", "value.ingestion-timestamp");
    run(
        "INSERT INTO kafka_canal_json_sink_table SELECT * FROM `source`",
        table(
            "`source`",
            CANAL_COLUMNS,
            "kafka-connector",
            boundedSource(
                source, "canal-json", "canal-json.source.append-mode", true, "metadata", metadata)),
        table(
            "kafka_canal_json_sink_table",
            CANAL_COLUMNS,
            "kafka-connector",
            Map.of(
                "topic",
                sink,
                "properties.bootstrap.servers",
                KAFKA.bootstrapServers(),
                "format",
                "canal-json",
                "metadata",
                metadata)));
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> written = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r : readBack(sink)) {
      written.add(json.readTree(r.value()));
    }
    written.sort((a, b) -> Long.compare(a.get("id").asLong(), b.get("id").asLong()));
    assertEquals(2, written.size(), written.toString());
    JsonNode insert = written.get(0);
    assertEquals("shop", insert.get("database").asText(), insert.toString());
    assertEquals("users", insert.get("table").asText(), insert.toString());
    assertEquals("[\"aid\"]", insert.get("pkNames").toString(), insert.toString());
    assertEquals(1_589_373_515_000L, insert.get("es").asLong(), insert.toString());
    assertEquals(1_589_373_515_477L, insert.get("ts").asLong(), insert.toString());
    assertEquals(1L, insert.get("id").asLong(), insert.toString());
    assertEquals("INSERT", insert.get("type").asText(), insert.toString());
    assertEquals("alice", insert.get("data").get(0).get("charname").asText(), insert.toString());
    assertTrue(insert.get("data").get(0).get("origin_database") == null, insert.toString());
    JsonNode update = written.get(1);
    assertEquals("alicia", update.get("data").get(0).get("charname").asText(), update.toString());
    assertEquals(1_589_373_516_000L, update.get("es").asLong(), update.toString());
    assertEquals(2L, update.get("id").asLong(), update.toString());
  }

  /** The spec's Kafka source table of its Canal example (002, section 28), Beam SQL spelling. */
  static final String CANAL_COLUMNS =
      "aid BIGINT, charname VARCHAR, ts TIMESTAMP(3), origin_database VARCHAR,"
          + " origin_table VARCHAR, origin_es TIMESTAMP(3), origin_type VARCHAR, batch_id BIGINT,"
          + " is_ddl BOOLEAN, origin_old ARRAY<MAP<VARCHAR, VARCHAR>>,"
          + " mysql_type MAP<VARCHAR, VARCHAR>, origin_pk_names ARRAY<VARCHAR>, `sql` VARCHAR,"
          + " origin_sql_type MAP<VARCHAR, INTEGER>, ingestion_ts TIMESTAMP(3)";

  static final String CANAL_INSERT =
      "{\"data\":[{\"aid\":\"1\",\"charname\":\"alice\",\"ts\":\"2020-05-13 12:38:35.123\"}],"
          + "\"database\":\"shop\",\"es\":1589373515000,\"id\":1,\"isDdl\":false,"
          + "\"mysqlType\":{\"aid\":\"BIGINT\",\"charname\":\"VARCHAR(64)\",\"ts\":\"DATETIME(3)\"},"
          + "\"old\":null,\"pkNames\":[\"aid\"],\"sql\":\"\","
          + "\"sqlType\":{\"aid\":-5,\"charname\":12,\"ts\":93},\"table\":\"users\","
          + "\"ts\":1589373515477,\"type\":\"INSERT\"}";

  static final String CANAL_UPDATE =
      "{\"data\":[{\"aid\":\"1\",\"charname\":\"alicia\",\"ts\":\"2020-05-13 12:38:35.123\"}],"
          + "\"database\":\"shop\",\"es\":1589373516000,\"id\":2,\"isDdl\":false,"
          + "\"mysqlType\":{\"aid\":\"BIGINT\",\"charname\":\"VARCHAR(64)\",\"ts\":\"DATETIME(3)\"},"
          + "\"old\":[{\"charname\":\"alice\"}],\"pkNames\":[\"aid\"],\"sql\":\"\","
          + "\"sqlType\":{\"aid\":-5,\"charname\":12,\"ts\":93},\"table\":\"users\","
          + "\"ts\":1589373516477,\"type\":\"UPDATE\"}";

  /**
   * Projection push-down: a query that does not use a column does not decode it. {@code qty} is not
   * a number in two of the three lines; with {@code csv.ignore-parse-errors} a query that reads qty
   * skips those lines (a NOT NULL column cannot be null), one that does not gets all three, in the
   * order it selects, with a metadata column.
   */
  @Test
  void aQueryDecodesOnlyTheColumnsItSelects() {
    String topic = newTopic("sql-projection", 1);
    send(topic, List.of("1,a,many,x", "2,b,3,y", "3,c,some,z"));
    String columns = "id INT NOT NULL, name VARCHAR, qty INT NOT NULL, note VARCHAR, off BIGINT";
    Map<String, Object> properties =
        boundedSource(
            topic, "csv", "csv.ignore-parse-errors", true, "metadata", Map.of("off", "offset"));
    List<String> projected = new ArrayList<>();
    for (Row row :
        run(
            "SELECT note, off FROM t WHERE id > 0",
            table("t", columns, "kafka-connector", properties))) {
      projected.add(row.getString("note") + "@" + row.getInt64("off"));
    }
    projected.sort(null);
    assertEquals(List.of("x@0", "y@1", "z@2"), projected);
    List<Row> withQty =
        run("SELECT name, qty FROM t", table("t", columns, "kafka-connector", properties));
    assertEquals(1, withQty.size(), withQty.toString());
    assertEquals(List.of("b", 3), withQty.get(0).getValues());
  }

  @Test
  void aBadPropertyFailsNamingTableAndKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                causeOf(
                    () ->
                        run(
                            "SELECT id FROM orders",
                            table(
                                "orders",
                                "id INT",
                                "kafka-connector",
                                boundedSource("t", "json", "scan.startup.mode", "sometime")))));
    assertTrue(e.getMessage().contains("Table 'orders'"), e.getMessage());
    assertTrue(e.getMessage().contains("'scan.startup.mode'"), e.getMessage());
  }

  /** Rethrows the first IllegalArgumentException among the causes of what {@code r} throws. */
  static void causeOf(Runnable r) {
    try {
      r.run();
    } catch (RuntimeException e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof IllegalArgumentException iae) {
          throw iae;
        }
      }
      throw new AssertionError(
          "no IllegalArgumentException in " + Arrays.toString(e.getStackTrace()), e);
    }
  }

  /**
   * The {@code WITH} clause of a Flink DDL table reading all of {@code topic} on the test broker
   * once ({@code earliest-offset} to {@code latest-offset}) in {@code format}.
   */
  static String boundedKafka(String topic, String format) {
    return """
         WITH (
          'connector' = 'kafka',
          'topic' = '%s',
          'properties.bootstrap.servers' = '%s',
          'scan.startup.mode' = 'earliest-offset',
          'scan.bounded.mode' = 'latest-offset',
          'format' = '%s'
        )"""
        .formatted(topic, KAFKA.bootstrapServers(), format);
  }
}
