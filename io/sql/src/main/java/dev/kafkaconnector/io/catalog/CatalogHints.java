package dev.kafkaconnector.io.catalog;

import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.common.ddl.TableHintOptions;
import dev.kafkaconnector.io.infer.InferredRead;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Table hints on a catalog table, as the spec's catalog document uses them: {@code SELECT ... FROM
 * kc.db.topic /*+ OPTIONS('scan.startup.mode' = 'latest-offset') *}{@code /} reads that topic with
 * the hint's options over the catalog's, for this query only. The schema stays the one inferred for
 * the topic, so the options that decide it (the formats, the key and value layout, the sampling,
 * the cluster, the topic) cannot be hinted; secrets cannot either, as a hint is part of the query
 * text: give them in the catalog's {@code PROPERTIES}.
 */
final class CatalogHints {
  private CatalogHints() {}

  /** Keys a hint may not set: they decide the inferred schema or which records are the table's. */
  private static final Set<String> FIXED =
      Set.of(
          KafkaConnectorOptions.CONNECTOR.key(),
          KafkaConnectorOptions.TOPIC.key(),
          KafkaConnectorOptions.TOPIC_PATTERN.key(),
          KafkaConnectorOptions.FORMAT.key(),
          KafkaConnectorOptions.KEY_FORMAT.key(),
          KafkaConnectorOptions.VALUE_FORMAT.key(),
          KafkaConnectorOptions.KEY_FIELDS.key(),
          KafkaConnectorOptions.KEY_FIELDS_PREFIX.key(),
          KafkaConnectorOptions.VALUE_FIELDS_PREFIX.key(),
          KafkaConnectorOptions.VALUE_FIELDS_INCLUDE.key(),
          "properties.bootstrap.servers",
          CatalogSettings.TYPE,
          CatalogSettings.DEFAULT_DATABASE,
          CatalogSettings.MAX_FETCH_RECORDS,
          CatalogSettings.TIMESTAMP_FORMAT);

  /**
   * {@code inferred} with the options of {@code hinted} over its own.
   *
   * @throws IllegalArgumentException naming the catalog, the topic and the key a hint may not set
   */
  static InferredRead apply(String catalog, TableHintOptions.Hinted hinted, InferredRead inferred) {
    Map<String, String> options = new LinkedHashMap<>(inferred.options());
    hinted
        .options()
        .forEach(
            (key, value) -> {
              check(catalog, hinted.table(), key);
              options.put(key, value);
            });
    return new InferredRead(
        options,
        inferred.physicalSchema(),
        inferred.metadataColumns(),
        inferred.reshape(),
        inferred.outputSchema(),
        inferred.sampledRecords(),
        inferred.primaryKey());
  }

  private static void check(String catalog, String topic, String key) {
    String why = null;
    if (FIXED.contains(key) || key.startsWith("infer-schema.")) {
      why = "it decides the table's inferred schema or its records; create a catalog with it";
    } else if (Secrets.isSecretOption(key)) {
      why =
          "it is a secret and a hint is part of the query text; give it in the catalog's"
              + " PROPERTIES";
    }
    if (why != null) {
      throw new IllegalArgumentException(
          "Kafka catalog '"
              + catalog
              + "', table '"
              + topic
              + "': option '"
              + key
              + "' cannot be set by a table hint: "
              + why);
    }
  }
}
