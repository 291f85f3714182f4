package dev.kafkaconnector.io.sql;

import static dev.kafkaconnector.io.sql.FlinkDdlRun.assertColumns;
import static dev.kafkaconnector.io.sql.FlinkDdlRun.properties;
import static dev.kafkaconnector.io.sql.FlinkDdlRun.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.junit.jupiter.api.Test;

/**
 * Every CREATE TABLE of the Chinese page (spec 002) with {@code 'connector' = 'kafka'}. The page
 * lost its line breaks and printed each {@code --} comment as a dash ({@code —}, {@code –}); the
 * statements here have them back, as the comments show they were written. Placeholders ({@code
 * $IP:$PORT}, {@code $TOPIC}, {@code …}) are replaced. The statements of other connectors (logger,
 * print, datagen, mysql-cdc, hive) next to them are rejected naming the connector.
 */
class FlinkDdlSpec002Test {

  private static final String CANAL_METADATA =
      "{\"origin_database\":\"value.database\",\"origin_table\":\"value.table\","
          + "\"origin_es\":\"value.event-timestamp\",\"origin_type\":\"value.operation-type\","
          + "\"batch_id\":\"value.batch-id\",\"is_ddl\":\"value.is-ddl\","
          + "\"origin_old\":\"value.update-before\",\"mysql_type\":\"value.mysql-type\","
          + "\"origin_pk_names\":\"value.pk-names\",\"sql\":\"value.sql\","
          + "\"origin_sql_type\":\"value.sql-type\",\"ingestion_ts\":\"value.ingestion-timestamp\"}";

  @Test
  void jsonCsvAndDebeziumSourcesOfTheFormatSections() {
    FlinkDdlRun run = new FlinkDdlRun();
    run.create(
        """
        CREATE TABLE `kafka_json_source_table` ( `id` INT, `name` STRING) WITH ( -- 定义 Kafka 参数
        'connector' = 'kafka', 'topic' = 'Data-Input', -- 替换为你要消费的 Topic
        'scan.startup.mode' = 'latest-offset', -- 可以是 latest-offset / earliest-offset / specific-offsets / group-offsets / timestamp 的任何一种
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'properties.group.id' = 'testGroup', -- 必选参数, 一定要指定 Group ID
        -- 定义数据格式 (JSON 格式)
        'format' = 'json', 'json.fail-on-missing-field' = 'false', -- 如果设置为 false, 则遇到缺失字段不会报错。
        'json.ignore-parse-errors' = 'true' -- 如果设置为 true,则忽略任何解析报错。
        );""");
    run.create(
        """
        CREATE TABLE `kafka_csv_source_table` ( `id` INT, `name` STRING) WITH ( -- 定义 Kafka 参数
        'connector' = 'kafka', 'topic' = 'Data-Input', -- 替换为你要消费的 Topic
        'scan.startup.mode' = 'latest-offset', -- 可以是 latest-offset / earliest-offset / specific-offsets / group-offsets / timestamp 的任何一种
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'properties.group.id' = 'testGroup', -- 必选参数, 一定要指定 Group ID
        -- 定义数据格式 (CSV 格式)
        'format' = 'csv');""");
    run.create(
        """
        CREATE TABLE `kafka_debezium_source_table` ( `id` INT, `name` STRING) WITH ( -- 定义 Kafka 参数
        'connector' = 'kafka', 'topic' = 'Data-Input', -- 替换为你要消费的 Topic
        'scan.startup.mode' = 'latest-offset', -- 可以是 latest-offset / earliest-offset / specific-offsets / group-offsets / timestamp 的任何一种
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'properties.group.id' = 'testGroup', -- 必选参数, 一定要指定 Group ID
        -- 定义数据格式 (Debezium 输出的 JSON 格式)
        'format' = 'debezium-json');""");
    assertEquals(
        "true", properties(run.table("kafka_json_source_table")).get("json.ignore-parse-errors"));
    assertEquals(
        "false",
        properties(run.table("kafka_json_source_table")).get("json.fail-on-missing-field"));
    assertEquals("csv", properties(run.table("kafka_csv_source_table")).get("format"));
    assertEquals(
        "debezium-json", properties(run.table("kafka_debezium_source_table")).get("format"));
    for (String name : run.statements.keySet()) {
      assertColumns(run.table(name), "id INTEGER", "name VARCHAR");
    }
  }

  @Test
  void canalJsonSourceWithEveryMetadataColumn() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TABLE `kafka_source`( aid BIGINT COMMENT 'unique id', charname STRING, `ts` TIMESTAMP(6),
        origin_database STRING METADATA FROM 'value.database' VIRTUAL,
        origin_table STRING METADATA FROM 'value.table' VIRTUAL,
        origin_es TIMESTAMP(3) METADATA FROM 'value.event-timestamp' VIRTUAL,
        origin_type STRING METADATA FROM 'value.operation-type' VIRTUAL,
        `batch_id` BIGINT METADATA FROM 'value.batch-id' VIRTUAL,
        `is_ddl` BOOLEAN METADATA FROM 'value.is-ddl' VIRTUAL,
        origin_old ARRAY<MAP<STRING, STRING>> METADATA FROM 'value.update-before' VIRTUAL,
        `mysql_type` MAP<STRING, STRING> METADATA FROM 'value.mysql-type' VIRTUAL,
        origin_pk_names ARRAY<STRING> METADATA FROM 'value.pk-names' VIRTUAL,
        `sql` STRING METADATA FROM 'value.sql' VIRTUAL,
        origin_sql_type MAP<STRING, INT> METADATA FROM 'value.sql-type' VIRTUAL,
        `ingestion_ts` TIMESTAMP(3) METADATA FROM 'value.ingestion-timestamp' VIRTUAL) WITH (
        'connector' = 'kafka', -- 注意选择对应的内置 Connector
        'topic' = 'canal-topic', -- 替换为你要消费的 Topic
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'properties.group.id' = 'testGroup', -- 必选参数, 一定要指定 Group ID
        'scan.startup.mode' = 'latest-offset', 'scan.topic-partition-discovery.interval' = '300s',
        'format' = 'canal-json', 'canal-json.ignore-parse-errors' = 'false', -- 忽略 JSON 结构解析异常
        'canal-json.source.append-mode' = 'true' -- 仅支持Flink1.13及以上版本
        );""");
    assertColumns(
        t,
        "aid BIGINT",
        "charname VARCHAR",
        "ts TIMESTAMP",
        "origin_database VARCHAR",
        "origin_table VARCHAR",
        "origin_es TIMESTAMP",
        "origin_type VARCHAR",
        "batch_id BIGINT",
        "is_ddl BOOLEAN",
        "origin_old ARRAY<MAP<VARCHAR, VARCHAR>>",
        "mysql_type MAP<VARCHAR, VARCHAR>",
        "origin_pk_names ARRAY<VARCHAR>",
        "sql VARCHAR",
        "origin_sql_type MAP<VARCHAR, INTEGER>",
        "ingestion_ts TIMESTAMP");
    assertEquals(CANAL_METADATA, properties(t).get("metadata"));
    assertEquals("unique id", t.getSchema().getField("aid").getDescription());
    assertEquals("300s", properties(t).get("scan.topic-partition-discovery.interval"));
  }

  @Test
  void protobufSourceAndSink() {
    FlinkDdlRun run = new FlinkDdlRun();
    run.create(
        """
        CREATE TABLE kafka_protobuf_source ( `user_id` BIGINT, `user_name` STRING, `age` INT, `score` DOUBLE, `vip` BOOLEAN) WITH (
        'connector' = 'kafka', 'topic' = 'users', -- 替换为你要消费的 Topic
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'properties.group.id' = 'testGroup', -- 替换为你的 Kafka 消费组
        'scan.startup.mode' = 'latest-offset', 'format' = 'protobuf',
        'protobuf.message-class-name' = 'com.example.proto.UserEventOuterClass$UserEvent', -- 你定义的 protobuf 类
        'protobuf.ignore-parse-errors' = 'true');""");
    run.create(
        """
        CREATE TABLE `kafka_protobuf_sink` ( `user_id` BIGINT, `user_name` STRING, `age` INT, `score` DOUBLE, `vip` BOOLEAN) WITH (
        'connector' = 'kafka', 'topic' = 'users', -- 替换为你要消费的 Topic
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'format' = 'protobuf', 'protobuf.message-class-name' = 'com.example.proto.UserEventOuterClass$UserEvent' -- 你定义的 protobuf 类
        );""");
    for (String name : run.statements.keySet()) {
      assertColumns(
          run.table(name),
          "user_id BIGINT",
          "user_name VARCHAR",
          "age INTEGER",
          "score DOUBLE",
          "vip BOOLEAN");
      assertEquals(
          "com.example.proto.UserEventOuterClass$UserEvent",
          properties(run.table(name)).get("protobuf.message-class-name"));
    }
  }

  @Test
  void jsonAndCsvSinks() {
    FlinkDdlRun run = new FlinkDdlRun();
    run.create(
        """
        CREATE TABLE `kafka_json_sink_table` ( `id` INT, `name` STRING) WITH ( -- 定义 Kafka 参数
        'connector' = 'kafka', 'topic' = 'Data-Output', -- 替换为你要写入的 Topic
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        -- 定义数据格式 (JSON 格式)
        'format' = 'json', 'json.fail-on-missing-field' = 'false', -- 如果设置为 false, 则遇到缺失字段不会报错。
        'json.ignore-parse-errors' = 'true' -- 如果设置为 true,则忽略任何解析报错。
        );""");
    run.create(
        """
        CREATE TABLE `kafka_csv_sink_table` ( `id` INT, `name` STRING) WITH ( -- 定义 Kafka 参数
        'connector' = 'kafka', 'topic' = 'Data-Output', -- 替换为你要写入的 Topic
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        -- 定义数据格式 (CSV 格式)
        'format' = 'csv');""");
    assertEquals("Data-Output", properties(run.table("kafka_csv_sink_table")).get("topic"));
    assertEquals("json", properties(run.table("kafka_json_sink_table")).get("format"));
  }

  private static final String CANAL_SINK =
      """
      CREATE TABLE `%s`( aid BIGINT COMMENT 'unique id', charname STRING, `ts` TIMESTAMP(6),
      origin_database STRING METADATA FROM 'value.database',
      origin_table STRING METADATA FROM 'value.table',
      origin_ts TIMESTAMP(3) METADATA FROM 'value.event-timestamp',
      `type` STRING METADATA FROM 'value.operation-type',
      `batch_id` BIGINT METADATA FROM 'value.batch-id',
      `isDdl` BOOLEAN METADATA FROM 'value.is-ddl',
      `old` ARRAY<MAP<STRING, STRING>> METADATA FROM 'value.update-before',
      `mysql_type` MAP<STRING, STRING> METADATA FROM 'value.mysql-type',
      `pk_names` ARRAY<STRING> METADATA FROM 'value.pk-names',
      `sql` STRING METADATA FROM 'value.sql',
      `sql_type` MAP<STRING, INT> METADATA FROM 'value.sql-type',
      `ingestion_ts` TIMESTAMP(3) METADATA FROM 'value.ingestion-timestamp') WITH (
      'connector' = 'kafka', %s
      'topic' = 'canal-out', -- 替换为你要消费的 Topic
      'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
      %s'format' = 'canal-json')""";

  @Test
  void canalJsonSinks() {
    FlinkDdlRun run = new FlinkDdlRun();
    // section 8's sink, and section 28's (after a mysql-cdc source)
    run.create(
        CANAL_SINK.formatted(
            "kafka_canal_json_sink_table",
            "-- 注意选择对应的内置 Connector",
            "'properties.group.id' = 'testGroup', -- 必选参数, 一定要指定 Group ID\n"));
    run.create(CANAL_SINK.formatted("kafka_canal_json_sink", "", ""));
    for (String name : run.statements.keySet()) {
      Table t = run.table(name);
      assertEquals(12, t.getProperties().get("metadata").size());
      // not VIRTUAL: written where the key is writable: canal-json writes database, table,
      // event-timestamp, batch-id, pk-names and ingestion-timestamp into the message; the
      // operation type, is-ddl, update-before, mysql-type, sql and sql-type are read-only
      assertEquals(null, properties(t).get("virtual"));
      assertEquals(15, TableProperties.parse(t, false).schema().getFieldCount());
      assertEquals(3 + 6, TableProperties.parse(t, false).writeSchema().getFieldCount());
    }
    rejects(
        """
        CREATE TABLE `source`( `aid` BIGINT, `charname` STRING, `ts` TIMESTAMP(6),
        `database_name` STRING METADATA FROM 'value.database_name',
        `ingestion_ts` TIMESTAMP(3) METADATA FROM 'value.ts', PRIMARY KEY (`aid`) NOT ENFORCED)
        WITH ( 'connector' = 'mysql-cdc' , 'append-mode' = 'true', 'hostname' = 'localhost',
        'port' = '3306', 'username' = 'user', 'password' = 'secret', 'database-name' = 't_wr',
        'table-name' = 't1', 'server-time-zone' = 'Asia/Shanghai', 'server-id' = '5500-5510');""",
        "table 'source'",
        "'connector' = 'mysql-cdc' is not a Kafka table");
  }

  @Test
  void metadataSectionSourceAndSink() {
    FlinkDdlRun run = new FlinkDdlRun();
    run.createAll(
        """
        CREATE TABLE `kafka_source_table`( --读取消息的topic作为`topic_name`字段
        `topic_name` STRING NOT NULL METADATA FROM 'topic' VIRTUAL, --读取消息的offset作为`data_offset`字段
        `data_offset` BIGINT NOT NULL METADATA FROM 'offset' VIRTUAL, --读取消息的时间戳作为`ts`字段
        `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL, id INT) WITH (
        'connector' = 'kafka', 'topic' = 'in', 'properties.bootstrap.servers' = 'localhost:9092',
        'format' = 'json');CREATE TABLE `kafka_sink_table`( --`ts`字段的时间戳作为ProducerRecord时间戳写入Kafka
        `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', id INT) WITH ( 'connector' = 'kafka',
        'topic' = 'out', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json');""");
    Table sink = run.table("kafka_sink_table");
    assertEquals(
        "[ts, id]", TableProperties.parse(sink, false).writeSchema().getFieldNames().toString());
    assertEquals(
        "[\"topic_name\",\"data_offset\",\"ts\"]",
        properties(run.table("kafka_source_table")).get("virtual"));
  }

  @Test
  void jsonCopyScriptWithItsInsert() {
    FlinkDdlRun run = new FlinkDdlRun();
    java.util.List<String> statements =
        FlinkDdl.rewriteScript(
            """
        CREATE TABLE `kafka_json_source_table` ( `id` INT, `name` STRING) WITH ( -- 定义 Kafka 参数
        'connector' = 'kafka', 'topic' = 'Data-Input', -- 替换为你要消费的 Topic
        'scan.startup.mode' = 'latest-offset', -- 可以是 latest-offset / earliest-offset / specific-offsets / group-offsets / timestamp 的任何一种
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'properties.group.id' = 'testGroup', -- 必选参数, 一定要指定 Group ID
        -- 定义数据格式 (JSON 格式)
        'format' = 'json', 'json.fail-on-missing-field' = 'false', -- 如果设置为 false, 则遇到缺失字段不会报错。
        'json.ignore-parse-errors' = 'true' -- 如果设置为 true,则忽略任何解析报错。
        );CREATE TABLE `kafka_json_sink_table` ( `id` INT, `name` STRING) WITH ( -- 定义 Kafka 参数
        'connector' = 'kafka', 'topic' = 'Data-Output', -- 替换为你要写入的 Topic
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        -- 定义数据格式 (JSON 格式)
        'format' = 'json', 'json.fail-on-missing-field' = 'false', -- 如果设置为 false, 则遇到缺失字段不会报错。
        'json.ignore-parse-errors' = 'true' -- 如果设置为 true,则忽略任何解析报错。
        );insert into kafka_json_sink_table select * from kafka_json_source_table;""");
    assertEquals(3, statements.size());
    assertTrue(statements.get(0).startsWith("CREATE EXTERNAL TABLE `kafka_json_source_table`"));
    assertTrue(statements.get(1).startsWith("CREATE EXTERNAL TABLE `kafka_json_sink_table`"));
    assertEquals(
        "insert into kafka_json_sink_table select * from kafka_json_source_table",
        statements.get(2));
    run.createAll(String.join(";\n", statements.subList(0, 2)));
    assertEquals(2, run.statements.size());
  }

  @Test
  void nestedJsonSourceAndItsLoggerSink() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        create table kafka_source( id BIGINT, name STRING, `date` DATE, obj ROW<time1 TIME,str STRING,lg BIGINT>, arr ARRAY<STRING>, rowinarr ARRAY<ROW<f1 STRING,f2 INT>>, `time` TIME, `timestamp` TIMESTAMP(3), `map` MAP<STRING,BIGINT>, mapinmap MAP<STRING,MAP<STRING,INT>>) with ( 'connector' = 'kafka', 'topic' = 'test-topic', 'scan.startup.mode' = 'latest-offset', 'properties.bootstrap.servers' = 'localhost:9092', 'properties.group.id' = 'testGroup', 'format' = 'json')""");
    assertColumns(
        t,
        "id BIGINT",
        "name VARCHAR",
        "date DATE",
        "obj ROW<`time1` TIME, `str` VARCHAR, `lg` BIGINT>",
        "arr ARRAY<VARCHAR>",
        "rowinarr ARRAY<ROW<`f1` VARCHAR, `f2` INTEGER>>",
        "time TIME",
        "timestamp TIMESTAMP",
        "map MAP<VARCHAR, BIGINT>",
        "mapinmap MAP<VARCHAR, MAP<VARCHAR, INTEGER>>");
    rejects(
        """
        create table logger_sink ( id BIGINT, name STRING, `date` DATE, str STRING, arr ARRAY<STRING>, nameinarray STRING, rowinarr ARRAY<ROW<f1 STRING,f2 INT>>, f2 INT, `time` TIME, `timestamp` TIMESTAMP(3), `map` MAP<STRING,BIGINT>, flink BIGINT, mapinmap MAP<STRING,MAP<STRING,INT>>, `key` INT) with ( 'connector' = 'logger')""",
        "table 'logger_sink'",
        "'connector' = 'logger' is not a Kafka table");
  }

  @Test
  void canalSourceWithAWatermarkOnTheCanalEventTimeIsAccepted() {
    // The watermark on a value's metadata (Canal's event timestamp): the rows' event time is that
    // column's value, and the watermark trails it by 5 s.
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TABLE `source`( `aid` BIGINT, `charname` STRING, `ts` TIMESTAMP(3),
        origin_database STRING METADATA FROM 'value.database' VIRTUAL,
        origin_table STRING METADATA FROM 'value.table' VIRTUAL,
        origin_es TIMESTAMP(3) METADATA FROM 'value.event-timestamp' VIRTUAL,
        origin_type STRING METADATA FROM 'value.operation-type' VIRTUAL,
        `batch_id` BIGINT METADATA FROM 'value.batch-id' VIRTUAL,
        `is_ddl` BOOLEAN METADATA FROM 'value.is-ddl' VIRTUAL,
        origin_old ARRAY<MAP<STRING, STRING>> METADATA FROM 'value.update-before' VIRTUAL,
        `mysql_type` MAP<STRING, STRING> METADATA FROM 'value.mysql-type' VIRTUAL,
        origin_pk_names ARRAY<STRING> METADATA FROM 'value.pk-names' VIRTUAL,
        `sql` STRING METADATA FROM 'value.sql' VIRTUAL,
        origin_sql_type MAP<STRING, INT> METADATA FROM 'value.sql-type' VIRTUAL,
        `ingestion_ts` TIMESTAMP(3) METADATA FROM 'value.ingestion-timestamp' VIRTUAL,
        WATERMARK FOR `origin_es` AS `origin_es` - INTERVAL '5' SECOND) WITH (
        'connector' = 'kafka', -- 注意选择对应的内置 Connector
        'topic' = 'canal', -- 替换为你要消费的 Topic
        'properties.bootstrap.servers' = 'localhost:9092', -- 替换为你的 Kafka 连接地址
        'properties.group.id' = 'testGroup', -- 必选参数, 一定要指定 Group ID
        'scan.startup.mode' = 'latest-offset', 'scan.topic-partition-discovery.interval' = '300s',
        'format' = 'canal-json', 'canal-json.source.append-mode' = 'true', -- 仅支持Flink1.13
        'canal-json.ignore-parse-errors' = 'false');""");
    Map<String, String> p = properties(t);
    assertEquals("origin_es", p.get("scan.watermark.column"));
    assertEquals("5 s", p.get("scan.watermark.max-out-of-orderness"));
    assertEquals("event-time", p.get("scan.watermark.strategy"));
    rejects(
        """
        CREATE TABLE `kafka_canal_json` ( `aid` BIGINT, `charname` STRING, `ts` TIMESTAMP(9), dt STRING, hr STRING) PARTITIONED BY (dt, hr)with ( 'connector' = 'hive', 'hive-version' = '3.1.1')""",
        "table 'kafka_canal_json'",
        "PARTITIONED BY");
  }

  @Test
  void protobufTablesNextToDatagenAndPrint() {
    rejects(
        "CREATE TABLE `datagen_source` ( `user_id` BIGINT, `user_name` STRING, `age` INT,"
            + " `score` DOUBLE, `vip` BOOLEAN) WITH ( 'connector' = 'datagen', 'rows-per-second' ="
            + " '10');",
        "'connector' = 'datagen'");
    rejects(
        "CREATE TABLE `print_sink` ( `user_id` BIGINT, `user_name` STRING, `age` INT, `score`"
            + " DOUBLE, `vip` BOOLEAN) WITH ( 'connector' = 'print');",
        "'connector' = 'print'");
  }

  @Test
  void saslPlainAndKerberos() {
    FlinkDdlRun run = new FlinkDdlRun();
    Table plain =
        run.create(
            """
        CREATE TABLE `YourTable` (id INT) WITH ( 'connector' = 'kafka', 'topic' = 't',
        'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json',
        'properties.sasl.jaas.config' = 'org.apache.kafka.common.security.plain.PlainLoginModule required username="ckafka-xxxxxxxx#YourUserName" password="YourPassword";', 'properties.security.protocol' = 'SASL_PLAINTEXT', 'properties.sasl.mechanism' = 'PLAIN');""");
    assertEquals("SASL_PLAINTEXT", properties(plain).get("properties.security.protocol"));
    Table kerberos =
        new FlinkDdlRun()
            .create(
                """
        CREATE TABLE `YourTable` (id INT) WITH ( 'connector' = 'kafka', 'topic' = 't',
        'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json',
        'properties.security.protocol' = 'SASL_PLAINTEXT', 'properties.sasl.mechanism' = 'GSSAPI', 'properties.sasl.kerberos.service.name' = 'hadoop');""");
    assertEquals("hadoop", properties(kerberos).get("properties.sasl.kerberos.service.name"));
  }

  @Test
  void dirtyDataSection() {
    FlinkDdlRun run = new FlinkDdlRun();
    Table t =
        run.create(
            "create table kafka_source( id BIGINT, name STRING) with ( 'connector' ="
                + " 'kafka', 'topic' = 'test-topic', 'scan.startup.mode' = 'latest-offset',"
                + " 'properties.bootstrap.servers' = 'localhost:9092', 'properties.group.id' ="
                + " 'testGroup', 'format' = 'json');");
    assertColumns(t, "id BIGINT", "name VARCHAR");
    rejects(
        "create table logger_sink ( id BIGINT, name STRING) with ( 'connector' = 'logger',"
            + " 'print-identifier' = 'DebugData');",
        "'connector' = 'logger'");
    assertThrows(
        IllegalArgumentException.class,
        () -> FlinkDdl.toBeamSql("insert into logger_sink select id, name from kafka_source"));
    assertEquals(Map.of(), Map.of());
  }
}
