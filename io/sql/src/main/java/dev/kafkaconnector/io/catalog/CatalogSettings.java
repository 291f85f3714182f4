package dev.kafkaconnector.io.catalog;

import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.Secrets;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The properties of a Kafka JSON catalog ({@code CREATE CATALOG kc TYPE 'kafka' PROPERTIES (...)})
 * and the source options of each of its tables. The catalog keys are the spec's: {@code format}
 * ({@code json}, or this connector's {@code avro-confluent} with {@code avro-confluent.*}: columns
 * from a schema registry, see {@link RegistryTables}), {@code default-database}, {@code
 * key.fields-prefix} (default {@code key_}), {@code value.fields-prefix} (default {@code value_};
 * neither a prefix of the other), {@code timestamp-format.standard}, {@code max.fetch.records}
 * (default 100, for the whole topic) and {@code infer-schema.*}; every other key is a source option
 * passed to each table ({@code properties.*} with security settings, {@code scan.startup.mode},
 * {@code scan.bounded.mode}, ...). Tables start at {@code earliest-offset} unless {@code
 * scan.startup.mode} says otherwise. Parsed when a table is used, never when the catalog is
 * created.
 */
final class CatalogSettings implements Serializable {
  private static final long serialVersionUID = 1L;

  static final String DEFAULT_DATABASE = "default-database";
  static final String MAX_FETCH_RECORDS = "max.fetch.records";
  static final String TIMESTAMP_FORMAT = "timestamp-format.standard";
  static final String COMPACTED_AS_UPSERT = "infer-schema.compacted-topic-as-upsert-table";
  static final String TYPE = "type";
  static final String JSON = "json";
  static final String AVRO_CONFLUENT = "avro-confluent";
  private static final String AVRO_URL = "avro-confluent.url";
  private static final String AVRO_SUBJECT = "avro-confluent.subject";
  private static final String AVRO_SCHEMA = "avro-confluent.schema";

  private final String catalog;
  private final Map<String, String> properties;

  CatalogSettings(String catalog, Map<String, String> properties) {
    this.catalog = catalog;
    this.properties = Map.copyOf(properties);
  }

  /** The name of the one database, {@code default-database}, else Beam's {@code default}. */
  String defaultDatabase() {
    return properties.getOrDefault(
        DEFAULT_DATABASE, org.apache.beam.sdk.extensions.sql.meta.catalog.Catalog.DEFAULT);
  }

  /** {@code infer-schema.compacted-topic-as-upsert-table} (default true). */
  boolean compactedAsUpsert() {
    String value = properties.getOrDefault(COMPACTED_AS_UPSERT, "true").trim();
    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      throw error(
          "property '" + COMPACTED_AS_UPSERT + "' must be true or false, but is '" + value + "'");
    }
    return Boolean.parseBoolean(value);
  }

  /** {@code max.fetch.records}, the sample of a whole topic. */
  long maxFetchRecords() {
    String value = properties.getOrDefault(MAX_FETCH_RECORDS, "100").trim();
    try {
      long n = Long.parseLong(value);
      if (n < 1) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw error("property 'max.fetch.records' must be a positive number, but is '" + value + "'");
    }
  }

  /**
   * The source options of the table of {@code topic}.
   *
   * @throws IllegalArgumentException naming the catalog and the property
   */
  Map<String, String> sourceOptions(String topic) {
    boolean avro = isAvro();
    String keyPrefix =
        properties.getOrDefault(KafkaConnectorOptions.KEY_FIELDS_PREFIX.key(), "key_");
    String valuePrefix =
        properties.getOrDefault(KafkaConnectorOptions.VALUE_FIELDS_PREFIX.key(), "value_");
    if (keyPrefix.startsWith(valuePrefix) || valuePrefix.startsWith(keyPrefix)) {
      throw error(
          "properties 'key.fields-prefix' ('"
              + keyPrefix
              + "') and 'value.fields-prefix' ('"
              + valuePrefix
              + "') must not be prefixes of one another");
    }
    Map<String, String> out = new LinkedHashMap<>();
    out.put(KafkaConnectorOptions.SCAN_STARTUP_MODE.key(), "earliest-offset");
    properties.forEach(
        (key, value) -> {
          switch (key) {
            case TYPE:
            case "format":
            case DEFAULT_DATABASE:
            case MAX_FETCH_RECORDS:
            case COMPACTED_AS_UPSERT:
              break;
            case TIMESTAMP_FORMAT:
              if (avro) {
                throw jsonOnly(key);
              }
              out.put("json." + TIMESTAMP_FORMAT, value);
              break;
            default:
              if (avro && key.startsWith("infer-schema.")) {
                throw jsonOnly(key);
              }
              if (key.equals(AVRO_SUBJECT) || key.equals(AVRO_SCHEMA)) {
                throw error(
                    "property '"
                        + key
                        + "' cannot be set on a catalog: each topic's subjects are"
                        + " <topic>-value and <topic>-key");
              }
              out.put(key, value);
          }
        });
    out.put(KafkaConnectorOptions.TOPIC.key(), topic);
    out.remove(KafkaConnectorOptions.TOPIC_PATTERN.key());
    out.put(KafkaConnectorOptions.VALUE_FORMAT.key(), avro ? AVRO_CONFLUENT : JSON);
    if (!avro) {
      out.put(KafkaConnectorOptions.KEY_FORMAT.key(), JSON);
    }
    out.put(KafkaConnectorOptions.KEY_FIELDS_PREFIX.key(), keyPrefix);
    out.put(KafkaConnectorOptions.VALUE_FIELDS_PREFIX.key(), valuePrefix);
    return out;
  }

  /**
   * Whether the catalog's tables are Avro topics described by a schema registry ({@code 'format' =
   * 'avro-confluent'}) rather than JSON topics sampled ({@code 'format' = 'json'}, the default).
   *
   * @throws IllegalArgumentException for another format, or Avro without {@code avro-confluent.url}
   */
  boolean isAvro() {
    String format = properties.getOrDefault("format", JSON).trim();
    if (format.equals(JSON)) {
      return false;
    }
    if (!format.equals(AVRO_CONFLUENT)) {
      throw error(
          "property 'format' must be 'json' (tables inferred from sampled messages) or"
              + " 'avro-confluent' (tables from a schema registry's subjects), but is '"
              + format
              + "'");
    }
    if (!properties.containsKey(AVRO_URL)) {
      throw error(
          "property '" + AVRO_URL + "' is needed with 'format' = 'avro-confluent': the registry");
    }
    return true;
  }

  private IllegalArgumentException jsonOnly(String key) {
    return error(
        "property '"
            + key
            + "' applies to 'format' = 'json' only: an 'avro-confluent' catalog takes its"
            + " columns from the schema registry");
  }

  /** The Kafka client properties of the catalog's own look-ups (listing topics). */
  Map<String, String> sourceOptionsForListing() {
    return sourceOptions("__listing__");
  }

  IllegalArgumentException error(String what) {
    return new IllegalArgumentException("Kafka catalog '" + catalog + "': " + what);
  }

  String catalog() {
    return catalog;
  }

  @Override
  public String toString() {
    return "CatalogSettings{" + catalog + ", " + Secrets.redactOptions(properties) + "}";
  }
}
