package dev.kafkaconnector.io.sql;

import static dev.kafkaconnector.io.sql.FlinkDdlRun.assertColumns;
import static dev.kafkaconnector.io.sql.FlinkDdlRun.properties;
import static dev.kafkaconnector.io.sql.FlinkDdlRun.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.junit.jupiter.api.Test;

/**
 * Every CREATE TABLE of the French SQL connector page (spec 000) with {@code 'connector' =
 * 'kafka'}, pasted as printed; only the page's placeholders are replaced ({@code ...} by columns or
 * options, {@code <yourKafkaBrokers>} by an address). Each is translated and created in a Beam SQL
 * environment with the connector's table providers (no broker).
 */
class FlinkDdlSpec000Test {

  @Test
  void sqlSectionKafkaTable() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TABLE KafkaTable (
          `user_id` BIGINT,
          `item_id` BIGINT,
          `behavior` STRING,
          `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'user_behavior',
          'properties.bootstrap.servers' = 'localhost:9092',
          'properties.group.id' = 'testGroup',
          'scan.startup.mode' = 'earliest-offset',
          'format' = 'csv'
        )""");
    assertEquals("KafkaTable", t.getName());
    assertEquals("kafka-connector", t.getType());
    assertColumns(t, "user_id BIGINT", "item_id BIGINT", "behavior VARCHAR", "ts TIMESTAMP");
    assertEquals(
        Map.of(
            "connector",
            "kafka",
            "topic",
            "user_behavior",
            "properties.bootstrap.servers",
            "localhost:9092",
            "properties.group.id",
            "testGroup",
            "scan.startup.mode",
            "earliest-offset",
            "format",
            "csv",
            "metadata",
            "{\"ts\":\"timestamp\"}",
            "virtual",
            "[\"ts\"]"),
        properties(t));
  }

  @Test
  void metadataColumnsSourceAndSink() {
    FlinkDdlRun run = new FlinkDdlRun();
    Table source =
        run.create(
            """
        CREATE TABLE kafka_source (
          -- Read the message topic as the `record_topic` column
          `record_topic` STRING NOT NULL METADATA FROM 'topic' VIRTUAL,
          -- Read the timestamp from the ConsumerRecord as the `ts` column
          `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
          -- Read the message offset as the `record_offset` column
          `record_offset` BIGINT NOT NULL METADATA FROM 'offset' VIRTUAL,
          id INT
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'events', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json'
        );""");
    assertColumns(
        source, "record_topic VARCHAR", "ts TIMESTAMP", "record_offset BIGINT", "id INTEGER");
    assertEquals(
        "{\"record_topic\":\"topic\",\"ts\":\"timestamp\",\"record_offset\":\"offset\"}",
        properties(source).get("metadata"));
    assertEquals("[\"record_topic\",\"ts\",\"record_offset\"]", properties(source).get("virtual"));
    // The page's comment says the sink writes ts as the record timestamp, yet declares it
    // VIRTUAL: as in Flink, a VIRTUAL column is not written (without VIRTUAL it is, see below).
    Table sink =
        run.create(
            """
        CREATE TABLE kafka_sink (
          -- Write the timestamp from the `ts` column as the ProducerRecord's timestamp to Kafka
          `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp' VIRTUAL,
          id INT
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'out', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'json'
        );""");
    assertEquals("[\"ts\"]", properties(sink).get("virtual"));
    assertEquals(
        "[id]", TableProperties.parse(sink, false).writeSchema().getFieldNames().toString());
  }

  @Test
  void securitySaslPlain() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TABLE KafkaTable (
          `user_id` BIGINT,
          `item_id` BIGINT,
          `behavior` STRING,
          `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'user_behavior', 'properties.bootstrap.servers' = 'localhost:9092',
          'format' = 'json',
          'properties.security.protocol' = 'SASL_PLAINTEXT',
          'properties.sasl.mechanism' = 'PLAIN',
          'properties.sasl.jaas.config' = 'org.apache.flink.kafka.shaded.org.apache.kafka.common.security.plain.PlainLoginModule required username="username" password="password";'
        )""");
    assertEquals("PLAIN", properties(t).get("properties.sasl.mechanism"));
    assertEquals(
        "org.apache.flink.kafka.shaded.org.apache.kafka.common.security.plain.PlainLoginModule"
            + " required username=\"username\" password=\"password\";",
        properties(t).get("properties.sasl.jaas.config"));
    assertEquals("{\"ts\":\"timestamp\"}", properties(t).get("metadata"));
    assertEquals(null, properties(t).get("virtual"));
  }

  @Test
  void securitySaslSslWithBlockComments() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TABLE KafkaTable (
          `user_id` BIGINT,
          `item_id` BIGINT,
          `behavior` STRING,
          `ts` TIMESTAMP_LTZ(3) METADATA FROM 'timestamp'
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'user_behavior', 'properties.bootstrap.servers' = 'localhost:9093',
          'format' = 'json',
          'properties.security.protocol' = 'SASL_SSL',
          /* SSL configuration */
          /* Path to the truststore for the server's CA certificate. */
          /* Files uploaded using Artifacts are stored in the /flink/usrlib/ directory. */
          'properties.ssl.truststore.location' = '/flink/usrlib/kafka.client.truststore.jks',
          'properties.ssl.truststore.password' = 'test1234',
          /* If client authentication is required, you must also configure the path to the keystore (private key). */
          'properties.ssl.keystore.location' = '/flink/usrlib/kafka.client.keystore.jks',
          'properties.ssl.keystore.password' = 'test1234',
          /* The algorithm used to verify the server hostname. An empty string disables hostname verification. */
          'properties.ssl.endpoint.identification.algorithm' = '',
          /* SASL configuration */
          /* Set the SASL mechanism to SCRAM-SHA-256. */
          'properties.sasl.mechanism' = 'SCRAM-SHA-256',
          /* Configure JAAS. */
          'properties.sasl.jaas.config' = 'org.apache.flink.kafka.shaded.org.apache.kafka.common.security.scram.ScramLoginModule required username="username" password="password";'
        )""");
    Map<String, String> p = properties(t);
    assertEquals("", p.get("properties.ssl.endpoint.identification.algorithm"));
    assertEquals("SCRAM-SHA-256", p.get("properties.sasl.mechanism"));
    assertEquals(
        "/flink/usrlib/kafka.client.keystore.jks", p.get("properties.ssl.keystore.location"));
    assertEquals(13, p.size(), p.keySet().toString());
  }

  @Test
  void startupOffsetsRepeatedKeysLastWins() {
    // The page lists the alternatives in one WITH; as in Flink, the last value of a key wins.
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TEMPORARY TABLE kafka_source (
          id INT
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'source', 'properties.bootstrap.servers' = 'localhost:9092', 'format' = 'csv',
          -- Consume from the earliest offset.
          'scan.startup.mode' = 'earliest-offset',
          -- Consume from the latest offset.
          'scan.startup.mode' = 'latest-offset',
          -- Consume from the committed offsets of the consumer group "my-group".
          'properties.group.id' = 'my-group',
          'scan.startup.mode' = 'group-offsets',
          'properties.auto.offset.reset' = 'earliest', -- If "my-group" is used for the first time, consumption starts from the earliest offset.
          'properties.auto.offset.reset' = 'latest', -- If "my-group" is used for the first time, consumption starts from the latest offset.
          -- Consume from the specified timestamp in milliseconds: 1655395200000.
          'scan.startup.mode' = 'timestamp',
          'scan.startup.timestamp-millis' = '1655395200000',
          -- Consume from specific offsets.
          'scan.startup.mode' = 'specific-offsets',
          'scan.startup.specific-offsets' = 'partition:0,offset:42;partition:1,offset:300'
        );""");
    Map<String, String> p = properties(t);
    assertEquals("specific-offsets", p.get("scan.startup.mode"));
    assertEquals("latest", p.get("properties.auto.offset.reset"));
    assertEquals(
        "partition:0,offset:42;partition:1,offset:300", p.get("scan.startup.specific-offsets"));
  }

  @Test
  void examplesCsvSourceAndSink() {
    FlinkDdlRun run = new FlinkDdlRun();
    run.createAll(
        """
        CREATE TEMPORARY TABLE kafka_source (
          id INT,
          name STRING,
          age INT
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'source',
          'properties.bootstrap.servers' = 'localhost:9092',
          'properties.group.id' = 'my-group',
          'format' = 'csv'
        );

        CREATE TEMPORARY TABLE kafka_sink (
          id INT,
          name STRING,
          age INT
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'sink',
          'properties.bootstrap.servers' = 'localhost:9092',
          'properties.group.id' = 'my-group',
          'format' = 'csv'
        );
        """);
    for (String name : new String[] {"kafka_source", "kafka_sink"}) {
      assertColumns(run.table(name), "id INTEGER", "name VARCHAR", "age INTEGER");
      assertEquals("csv", properties(run.table(name)).get("format"));
    }
    assertEquals("sink", properties(run.table("kafka_sink")).get("topic"));
  }

  @Test
  void partitionOffsetPrimaryKeyOnAPlainKafkaTableIsAccepted() {
    // The vendor's schema-evolution example: the key its catalog shows for a plain topic, the
    // coordinates that identify a record. Accepted as that: no upsert semantics, nothing enforced.
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TEMPORARY TABLE kafkaTable (
          `offset` INT NOT NULL METADATA,
          `part` BIGINT NOT NULL METADATA FROM 'partition',
          PRIMARY KEY (`part`, `offset`) NOT ENFORCED
        ) WITH (
          'connector' = 'kafka',
          'properties.bootstrap.servers' = 'localhost:9092',
          'topic' = 'kafka_evolution_demo',
          'scan.startup.mode' = 'earliest-offset',
          'format' = 'json',
          'json.infer-schema.flatten-nested-columns.enable' = 'true'
            -- Optional. Flattens all nested columns.
        );""");
    assertEquals(null, properties(t).get("primary-key"));
    assertColumns(t, "offset INTEGER", "part BIGINT");
  }

  @Test
  void anotherPrimaryKeyOnAPlainKafkaTableIsRejected() {
    rejects(
        """
        CREATE TEMPORARY TABLE t (
          id INT,
          `part` BIGINT NOT NULL METADATA FROM 'partition',
          PRIMARY KEY (id, `part`) NOT ENFORCED
        ) WITH ('connector' = 'kafka', 'topic' = 't', 'format' = 'json');""",
        "Flink DDL of table 't'",
        "PRIMARY KEY [id, part]",
        "'connector' = 'kafka'");
  }

  @Test
  void keyAndValueFieldsWithPrefixes() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TEMPORARY TABLE kafkaTable (
          `key_id` INT NOT NULL,
          `val_name` VARCHAR(200)
        ) WITH (
          'connector' = 'kafka',
          'properties.bootstrap.servers' = 'localhost:9092',
          'topic' = 'kafka_evolution_demo',
          'scan.startup.mode' = 'earliest-offset',
          'key.format' = 'json',
          'value.format' = 'json',
          'key.fields' = 'key_id',
          'key.fields-prefix' = 'key_',
          'value.fields-prefix' = 'val_',
          'value.fields-include' = 'EXCEPT_KEY'
        );""");
    assertColumns(t, "key_id INTEGER", "val_name VARCHAR");
    assertEquals(false, t.getSchema().getField("key_id").getType().getNullable());
    assertEquals("EXCEPT_KEY", properties(t).get("value.fields-include"));
  }

  @Test
  void computedColumnIsEvaluatedFromTheOtherColumns() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TEMPORARY TABLE kafkaTable (
          `distinct_id` INT NOT NULL,
          `properties` STRING,
          `timestamp` TIMESTAMP_LTZ METADATA,
          `date` AS CAST(`timestamp` AS DATE)
        ) WITH (
          'connector' = 'kafka',
          'properties.bootstrap.servers' = 'localhost:9092',
          'topic' = 'kafka_evolution_demo',
          'scan.startup.mode' = 'earliest-offset',
          'key.format' = 'json',
          'value.format' = 'json',
          'key.fields' = 'key_id',
          'key.fields-prefix' = 'key_'
        );""");
    // the column's type is the expression's: CAST(... AS DATE) is a DATE
    assertColumns(
        t, "distinct_id INTEGER", "properties VARCHAR", "timestamp TIMESTAMP", "date DATE");
    assertEquals("{\"date\":\"CAST(`timestamp` AS DATE)\"}", properties(t).get("computed"));
  }

  @Test
  void hologresCreateTableAsIsNotAKafkaTable() {
    rejects(
        """
        CREATE TABLE IF NOT EXISTS hologres.kafka.`sync_kafka`
        WITH (
          'connector' = 'hologres'
        ) AS TABLE vvp.`default`.kafkaTable;""",
        "table 'hologres.kafka.sync_kafka'",
        "without a column list");
  }

  @Test
  void nestedJsonRow() {
    Table t =
        new FlinkDdlRun()
            .create(
                """
        CREATE TEMPORARY TABLE kafka_source (
          id          VARCHAR,
          `name`      VARCHAR,
          properties  ROW<`owner` STRING, engine STRING>
        ) WITH (
          'connector' = 'kafka',
          'topic' = 'xxx',
          'properties.bootstrap.servers' = 'xxx',
          'scan.startup.mode' = 'earliest-offset',
          'format' = 'json'
        );""");
    assertColumns(
        t, "id VARCHAR", "name VARCHAR", "properties ROW<`owner` VARCHAR, `engine` VARCHAR>");
  }
}
