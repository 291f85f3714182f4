package dev.kafkaconnector.io.catalog;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.infer.InferredRead;
import dev.kafkaconnector.io.sql.KafkaBackedTable;
import java.util.Map;
import org.apache.beam.sdk.extensions.sql.meta.SchemaBaseBeamTable;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.POutput;
import org.apache.beam.sdk.values.Row;

/**
 * A topic of a Kafka catalog as a read-only Beam SQL table: SELECT reads it with the schema
 * inferred when the query was planned ({@link InferredRead}), so plan and data agree; INSERT fails,
 * as the spec's catalog tables are sources only.
 */
final class CatalogTable extends SchemaBaseBeamTable implements KafkaBackedTable {
  private static final long serialVersionUID = 1L;

  private final String catalog;
  private final String topic;
  private final InferredRead inferred;

  CatalogTable(String catalog, String topic, InferredRead inferred) {
    super(inferred.outputSchema());
    this.catalog = catalog;
    this.topic = topic;
    this.inferred = inferred;
  }

  @Override
  public PCollection<Row> buildIOReader(PBegin begin) {
    return begin.apply("Read " + topic, KafkaConnectorIO.read().withInferredSchema(inferred));
  }

  @Override
  public POutput buildIOWriter(PCollection<Row> input) {
    throw new UnsupportedOperationException(
        "Kafka catalog '"
            + catalog
            + "' is read-only: cannot INSERT INTO table '"
            + topic
            + "'. Declare a table of type 'kafka-connector' (CREATE EXTERNAL TABLE ... TYPE"
            + " 'kafka-connector') in another catalog to write to the topic");
  }

  @Override
  public Map<String, String> connectorOptions() {
    return inferred.options();
  }

  @Override
  public PCollection.IsBounded isBounded() {
    String bounded = inferred.options().get(KafkaConnectorOptions.SCAN_BOUNDED_MODE.key());
    return bounded == null || bounded.trim().equals("unbounded")
        ? PCollection.IsBounded.UNBOUNDED
        : PCollection.IsBounded.BOUNDED;
  }
}
