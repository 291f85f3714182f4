package dev.kafkaconnector.io.common;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FORMAT;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_DUPLICATE_FIELD_STRATEGY;

import dev.kafkaconnector.formats.options.Configuration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The primary key of an upsert table ({@code 'connector' = 'upsert-kafka'}): it is the record key,
 * so {@code key.format} is required and {@code key.fields} is the primary key (set from it when
 * absent, and checked when present). Shared by the reader and the writer.
 */
public final class UpsertTable {
  private UpsertTable() {}

  /**
   * The options with the key layout of the primary key applied.
   *
   * @param reading whether for a source (key columns then come from the key, not the value)
   * @throws IllegalArgumentException naming the option keys when the table cannot be upsert, or a
   *     primary key is given to a plain kafka table
   */
  public static Map<String, String> apply(
      Map<String, String> options, List<String> primaryKey, boolean reading) {
    Configuration conf = Configuration.of(options);
    boolean upsert = KafkaConnectorOptions.isUpsert(conf);
    if (!upsert) {
      if (!primaryKey.isEmpty()) {
        throw new IllegalArgumentException(
            "A primary key "
                + primaryKey
                + " needs option 'connector' = 'upsert-kafka' (a plain"
                + " 'kafka' table has none)");
      }
      return options;
    }
    if (primaryKey.isEmpty()) {
      throw new IllegalArgumentException(
          "Option 'connector' = 'upsert-kafka' needs a primary key: withPrimaryKey(columns...)");
    }
    if (!conf.contains(KEY_FORMAT)) {
      throw new IllegalArgumentException(
          "Option 'connector' = 'upsert-kafka' requires 'key.format' (the primary key is the"
              + " record key)");
    }
    String joined = String.join(";", primaryKey);
    Map<String, String> out = new LinkedHashMap<>(options);
    String keyFields = conf.get(KEY_FIELDS);
    if (keyFields != null) {
      List<String> given =
          Arrays.stream(keyFields.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
      if (!given.equals(primaryKey)) {
        throw new IllegalArgumentException(
            "Option 'key.fields' ("
                + given
                + ") of an upsert-kafka table must be its primary key "
                + primaryKey
                + "; leave it out");
      }
    }
    out.put(KEY_FIELDS.key(), joined);
    if (reading && !conf.contains(SCAN_DUPLICATE_FIELD_STRATEGY)) {
      // A tombstone has no value: the primary key columns come from the key.
      out.put(SCAN_DUPLICATE_FIELD_STRATEGY.key(), DuplicateFieldStrategy.PREFER_KEY.name());
    }
    return out;
  }
}
