package dev.kafkaconnector.io.sql;

import com.google.auto.service.AutoService;
import org.apache.beam.sdk.extensions.sql.meta.provider.TableProvider;

/**
 * Beam SQL table type {@code kafka-connector}: a Kafka topic read and written with this connector's
 * options (Flink's {@code 'connector' = 'kafka'}; the type {@code kafka} is Beam's own Kafka
 * table).
 *
 * <pre>{@code
 * CREATE EXTERNAL TABLE kafka_source (id INT, name VARCHAR, age INT)
 * TYPE 'kafka-connector'
 * TBLPROPERTIES '{"topic": "source", "properties.bootstrap.servers": "localhost:9092",
 *                 "properties.group.id": "g", "scan.startup.mode": "earliest-offset",
 *                 "format": "csv", "metadata": {"ts": "timestamp"}}'
 * }</pre>
 */
@AutoService(TableProvider.class)
public final class KafkaConnectorTableProvider extends KafkaTableProviders {

  /** Used by {@link java.util.ServiceLoader}. */
  public KafkaConnectorTableProvider() {}

  @Override
  public String getTableType() {
    return KafkaSqlTable.KAFKA_TYPE;
  }

  @Override
  boolean upsert() {
    return false;
  }
}
