package dev.kafkaconnector.io.cdc.sink;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.BOOTSTRAP_SERVERS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SINK_DELIVERY_GUARANTEE;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SINK_PARALLELISM;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SINK_TRANSACTIONAL_ID_PREFIX;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;

/**
 * The options of the CDC sink ({@code writeChanges()}), the spec's keys of the data-ingestion Kafka
 * sink: its own and those shared with {@code write()}.
 */
public final class ChangeSinkOptions {
  private ChangeSinkOptions() {}

  public static final String DEBEZIUM_JSON = "debezium-json";
  public static final String CANAL_JSON = "canal-json";
  public static final String CANAL_PROTOBUF = "canal-protobuf";

  public static final ConfigOption<String> TOPIC =
      ConfigOption.string(
          "topic",
          "Topic every change is written to. When not set, each table's changes go to the topic"
              + " sink.tableId-to-topic.mapping names, else to the topic named by the table id"
              + " (mydb.mytable1).");

  public static final ConfigOption<String> VALUE_FORMAT =
      ConfigOption.string(
          "value.format",
          DEBEZIUM_JSON,
          "Format of the record value: debezium-json, canal-json or canal-protobuf (Canal's"
              + " binary Packet of one Entry, as Canal writes with canal.mq.flatMessage = false)."
              + " The message names the table it comes from (Debezium's source.db / source.table,"
              + " Canal's database / table / pkNames, the Entry header's schemaName / tableName).");

  public static final ConfigOption<String> KEY_FORMAT =
      ConfigOption.string(
          "key.format",
          "json",
          "Format of the record key, json or csv: the table id (field TableId) followed by the"
              + " primary key columns of the change's table, as Flink CDC writes it; the table id"
              + " alone for a table without known primary key.");

  public static final ConfigOption<PartitionStrategy> PARTITION_STRATEGY =
      ConfigOption.enumValue(
          "partition.strategy",
          PartitionStrategy.class,
          PartitionStrategy.ALL_TO_ZERO,
          "all-to-zero: every record to partition 0, keeping the order of the whole stream;"
              + " hash-by-key: by a hash of the record key (table id and primary key, Kafka's"
              + " default partitioner), so the changes of one row stay in one partition, in order.");

  public static final ConfigOption<String> TABLE_ID_TO_TOPIC_MAPPING =
      ConfigOption.string(
          "sink.tableId-to-topic.mapping",
          "Topics by table: rules '<tables>:<topic>' separated by ';', tables (regular"
              + " expressions per id part, parts separated by '.') separated by ',', for example"
              + " 'mydb.mytable1,mydb.mytable2:mytable' or 'mydb.mytable1:topic1;mydb.mytable2:topic2'."
              + " The first matching rule wins; unmatched tables go to the topic of their id."
              + " Messages keep the original table id. Ignored when topic is set.");

  /** Every option of the CDC sink, besides properties.* and the formats' options. */
  public static List<ConfigOption<?>> all() {
    return List.of(
        BOOTSTRAP_SERVERS,
        TOPIC,
        VALUE_FORMAT,
        KEY_FORMAT,
        PARTITION_STRATEGY,
        TABLE_ID_TO_TOPIC_MAPPING,
        SINK_DELIVERY_GUARANTEE,
        SINK_TRANSACTIONAL_ID_PREFIX,
        SINK_PARALLELISM);
  }
}
