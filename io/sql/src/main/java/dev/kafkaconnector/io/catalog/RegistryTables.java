package dev.kafkaconnector.io.catalog;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS_PREFIX;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FORMAT;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_INCLUDE;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_PREFIX;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.NoDeclaredSchemaException;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.ValueFieldsInclude;
import dev.kafkaconnector.io.infer.InferredRead;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The table of a topic in a Kafka catalog with {@code 'format' = 'avro-confluent'}: its columns are
 * the schema registry's latest schemas of the topic's subjects, not a sample of its records. The
 * value's columns come from {@code <topic>-value} (a topic without that subject is not a table);
 * the key's from {@code <topic>-key} when the registry has it, else the table has no key columns.
 * Columns get the catalog's prefixes ({@code key_}, {@code value_}) as in the JSON catalog, nested
 * records stay ROW columns, and each record is decoded with the schema it was written with,
 * resolved against these columns (Avro schema resolution). A compacted topic with a key subject is,
 * with {@code infer-schema.compacted-topic-as-upsert-table}, an upsert table keyed by the key's
 * columns, as in the JSON catalog.
 */
final class RegistryTables {
  private RegistryTables() {}

  /**
   * The read of {@code topic}'s table.
   *
   * @param options the catalog's source options of the topic ({@link
   *     CatalogSettings#sourceOptions}), with the value format and both prefixes
   * @param metadata the catalog's metadata columns
   * @param asUpsert whether a keyed table is read as an upsert table (a compacted topic)
   * @throws IllegalArgumentException when the topic has no value subject (it is then no table), or
   *     the registry cannot be asked, naming the subject or the option
   */
  static InferredRead read(
      Map<String, String> options, String topic, List<MetadataColumn> metadata, boolean asUpsert) {
    Map<String, String> read = new LinkedHashMap<>(options);
    String keyPrefix = read.remove(KEY_FIELDS_PREFIX.key());
    String valuePrefix = read.getOrDefault(VALUE_FIELDS_PREFIX.key(), "");
    FormatSelection valueOnly = new FormatSelection(read);
    Schema value =
        valueOnly
            .valueFormat()
            .declaredSchema(new FormatContext(valueOnly.valueOptions(), "value").withTopic(topic))
            .orElseThrow();
    Optional<Schema> key = keyColumns(read, topic);
    Schema.Builder physical = Schema.builder();
    List<String> keyFields = new ArrayList<>();
    key.ifPresent(
        k ->
            k.getFields()
                .forEach(
                    f -> {
                      keyFields.add(keyPrefix + f.getName());
                      physical.addField(f.withName(keyPrefix + f.getName()));
                    }));
    value.getFields().forEach(f -> physical.addField(f.withName(valuePrefix + f.getName())));
    List<MetadataColumn> columns = new ArrayList<>(metadata);
    List<String> primaryKey = List.of();
    if (!keyFields.isEmpty()) {
      read.put(KEY_FORMAT.key(), read.get(KafkaConnectorOptions.VALUE_FORMAT.key()));
      read.put(KEY_FIELDS.key(), String.join(";", keyFields));
      read.put(KEY_FIELDS_PREFIX.key(), keyPrefix);
      read.put(VALUE_FIELDS_INCLUDE.key(), ValueFieldsInclude.EXCEPT_KEY.name());
      if (asUpsert) {
        primaryKey = List.copyOf(keyFields);
        read.put(KafkaConnectorOptions.CONNECTOR.key(), KafkaConnectorOptions.UPSERT_KAFKA);
        columns.add(
            new MetadataColumn(
                KafkaConnectorOptions.ROW_KIND_KEY, KafkaConnectorOptions.ROW_KIND_KEY));
      }
    }
    Schema physicalSchema = physical.build();
    Schema output =
        SourceOptionsParser.parse("kafka-catalog", read, physicalSchema, columns, primaryKey)
            .outputSchema();
    return new InferredRead(read, physicalSchema, columns, null, output, 0, primaryKey);
  }

  /** The key subject's columns, or empty when the registry has no {@code <topic>-key}. */
  private static Optional<Schema> keyColumns(Map<String, String> options, String topic) {
    Map<String, String> withKey = new LinkedHashMap<>(options);
    withKey.put(KEY_FORMAT.key(), options.get(KafkaConnectorOptions.VALUE_FORMAT.key()));
    FormatSelection formats = new FormatSelection(withKey);
    try {
      return formats
          .keyFormat()
          .declaredSchema(new FormatContext(formats.keyOptions(), "key").withTopic(topic));
    } catch (NoDeclaredSchemaException e) {
      return Optional.empty();
    }
  }
}
