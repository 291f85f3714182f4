package dev.kafkaconnector.io.sql;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.CONNECTOR;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.METADATA_LIST;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_COMPUTED;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_METADATA;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_PRIMARY_KEY;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_VIRTUAL;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.TOPIC;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.io.common.MetadataColumn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Reads a Beam SQL table declaration into a {@link TableDefinition}: the TBLPROPERTIES JSON object
 * becomes the connector's options (keys verbatim; JSON strings, numbers and booleans as their
 * text), {@code "metadata"} the metadata columns, {@code "primary-key"} the primary key, and {@code
 * LOCATION} the topic. Errors name the key and the table; values are never quoted, as some are
 * secrets.
 */
final class TableProperties {
  /** The consumer group option, and the prefix of its default: {@code KafkaSource-<table>}. */
  static final String GROUP_ID = "properties.group.id";

  static final String DEFAULT_GROUP_PREFIX = "KafkaSource-";

  private TableProperties() {}

  /**
   * @param upsert whether the table type is {@code upsert-kafka}
   * @throws IllegalArgumentException naming the table and the key
   */
  static TableDefinition parse(Table table, boolean upsert) {
    String name = table.getName();
    Map<String, String> options = new LinkedHashMap<>();
    List<MetadataColumn> metadata = new ArrayList<>();
    List<String> primaryKey = new ArrayList<>();
    List<String> virtual = new ArrayList<>();
    Map<String, String> computed = new LinkedHashMap<>();
    ObjectNode properties = table.getProperties();
    if (properties != null) {
      readProperties(name, properties, options, metadata, primaryKey, virtual, computed);
    }
    // metadata.list names columns after their keys, the same columns as "metadata" entries
    List<MetadataColumn> listed = MetadataColumn.parseList(options.remove(METADATA_LIST.key()));
    listed.addAll(metadata);
    putLocation(table, options);
    putConnector(name, options, upsert);
    // the spec's default consumer group of a table (000, "properties.group.id")
    options.putIfAbsent(GROUP_ID, DEFAULT_GROUP_PREFIX + name);
    checkPrimaryKey(table, upsert, primaryKey);
    checkMetadataColumns(table, listed);
    checkVirtual(name, listed, virtual);
    checkComputed(table, listed, primaryKey, computed);
    return new TableDefinition(
        name,
        table.getSchema(),
        options,
        List.copyOf(listed),
        List.copyOf(primaryKey),
        List.copyOf(virtual),
        Collections.unmodifiableMap(computed));
  }

  /**
   * Sorts the TBLPROPERTIES of table {@code name}: "metadata", "primary-key", "virtual" and
   * "computed" into their lists, every other key into {@code options}.
   */
  private static void readProperties(
      String name,
      ObjectNode properties,
      Map<String, String> options,
      List<MetadataColumn> metadata,
      List<String> primaryKey,
      List<String> virtual,
      Map<String, String> computed) {
    Iterator<Map.Entry<String, JsonNode>> fields = properties.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      String key = field.getKey();
      JsonNode value = field.getValue();
      if (key.equals(SQL_METADATA.key())) {
        metadata.addAll(metadataColumns(name, value));
      } else if (key.equals(SQL_PRIMARY_KEY.key())) {
        primaryKey.addAll(columnList(name, SQL_PRIMARY_KEY.key(), value));
      } else if (key.equals(SQL_VIRTUAL.key())) {
        virtual.addAll(columnList(name, SQL_VIRTUAL.key(), value));
      } else if (key.equals(SQL_COMPUTED.key())) {
        computed.putAll(computedColumns(name, value));
      } else {
        options.put(key, scalar(name, key, value));
      }
    }
  }

  /** The table's LOCATION, if any, is its topic (and must agree with key 'topic'). */
  private static void putLocation(Table table, Map<String, String> options) {
    String location = table.getLocation();
    if (location != null && !location.isBlank()) {
      String topic = options.get(TOPIC.key());
      if (topic != null && !topic.equals(location)) {
        throw error(
            table.getName(),
            "LOCATION '"
                + location
                + "' and key 'topic' ('"
                + topic
                + "') disagree; give"
                + " the topic once");
      }
      options.put(TOPIC.key(), location);
    }
  }

  /** The connector the table type implies (key 'connector', if given, must agree). */
  private static void putConnector(String name, Map<String, String> options, boolean upsert) {
    String connector = options.get(CONNECTOR.key());
    String implied = upsert ? "upsert-kafka" : "kafka";
    if (connector != null && !connector.trim().equals(implied)) {
      throw error(
          name,
          "key 'connector' is '"
              + connector
              + "' but a table of TYPE '"
              + (upsert ? KafkaSqlTable.UPSERT_TYPE : KafkaSqlTable.KAFKA_TYPE)
              + "' is '"
              + implied
              + "'; leave it out or use the other table type");
    }
    options.put(CONNECTOR.key(), implied);
  }

  /** An upsert table needs a primary key; every key column must be a column of the table. */
  private static void checkPrimaryKey(Table table, boolean upsert, List<String> primaryKey) {
    String name = table.getName();
    if (upsert && primaryKey.isEmpty()) {
      throw error(
          name,
          "key '"
              + SQL_PRIMARY_KEY.key()
              + "' is required for TYPE '"
              + KafkaSqlTable.UPSERT_TYPE
              + "', for example \"primary-key\": \"id\"");
    }
    for (String column : primaryKey) {
      if (!table.getSchema().hasField(column)) {
        throw error(
            name,
            "key '"
                + SQL_PRIMARY_KEY.key()
                + "' names column '"
                + column
                + "', which is"
                + " not a column of the table "
                + table.getSchema().getFieldNames());
      }
    }
  }

  /** Every metadata column must be a column of the table. */
  private static void checkMetadataColumns(Table table, List<MetadataColumn> listed) {
    for (MetadataColumn column : listed) {
      if (!table.getSchema().hasField(column.name())) {
        throw error(
            table.getName(),
            "key '"
                + SQL_METADATA.key()
                + "' maps column '"
                + column.name()
                + "', which is"
                + " not a column of the table "
                + table.getSchema().getFieldNames());
      }
    }
  }

  /** Every virtual column must be a metadata column. */
  private static void checkVirtual(String name, List<MetadataColumn> listed, List<String> virtual) {
    for (String column : virtual) {
      if (listed.stream().noneMatch(m -> m.name().equals(column))) {
        throw error(
            name,
            "key '"
                + SQL_VIRTUAL.key()
                + "' names column '"
                + column
                + "', which is not a"
                + " metadata column (key '"
                + SQL_METADATA.key()
                + "')");
      }
    }
  }

  /**
   * Every computed column is a column of the table, and neither a metadata column nor part of the
   * primary key (the key is written, a computed column never is).
   */
  private static void checkComputed(
      Table table,
      List<MetadataColumn> listed,
      List<String> primaryKey,
      Map<String, String> computed) {
    for (String column : computed.keySet()) {
      String problem = null;
      if (!table.getSchema().hasField(column)) {
        problem = "not a column of the table " + table.getSchema().getFieldNames();
      } else if (listed.stream().anyMatch(m -> m.name().equals(column))) {
        problem = "also a metadata column (key '" + SQL_METADATA.key() + "')";
      } else if (primaryKey.contains(column)) {
        problem = "in the primary key, which INSERT writes and a computed column is never written";
      }
      if (problem != null) {
        throw error(
            table.getName(),
            "key '" + SQL_COMPUTED.key() + "' names column '" + column + "', which is " + problem);
      }
    }
  }

  private static Map<String, String> computedColumns(String table, JsonNode value) {
    return stringObject(
        table, SQL_COMPUTED.key(), value, "{\"total\": \"price * qty\"}", "an SQL expression");
  }

  /** The message of a bad declaration of table {@code name}. */
  static IllegalArgumentException error(String name, String message) {
    return new IllegalArgumentException("Table '" + name + "' (TBLPROPERTIES): " + message);
  }

  private static String scalar(String table, String key, JsonNode value) {
    if (value.isTextual()) {
      return value.textValue();
    }
    if (value.isNumber() || value.isBoolean()) {
      return value.asText();
    }
    throw error(
        table,
        "key '" + key + "' must be a JSON string, number or boolean, but is " + describe(value));
  }

  private static List<MetadataColumn> metadataColumns(String table, JsonNode value) {
    List<MetadataColumn> columns = new ArrayList<>();
    stringObject(table, SQL_METADATA.key(), value, "{\"ts\": \"timestamp\"}", "a metadata key")
        .forEach((column, key) -> columns.add(new MetadataColumn(column, key)));
    return columns;
  }

  /**
   * A JSON object of column name to non-blank string ({@code what}, for messages), in its order.
   */
  private static Map<String, String> stringObject(
      String table, String key, JsonNode value, String example, String what) {
    if (!value.isObject()) {
      throw error(
          table,
          "key '"
              + key
              + "' must be a JSON object of column name to "
              + what
              + ", for example "
              + example
              + ", but is "
              + describe(value));
    }
    Map<String, String> out = new LinkedHashMap<>();
    value
        .fields()
        .forEachRemaining(
            e -> {
              if (!e.getValue().isTextual() || e.getValue().textValue().isBlank()) {
                throw error(
                    table,
                    "key '"
                        + key
                        + "': column '"
                        + e.getKey()
                        + "' must map to "
                        + what
                        + " (a JSON string), but maps to "
                        + describe(e.getValue()));
              }
              out.put(e.getKey(), e.getValue().textValue().trim());
            });
    return out;
  }

  private static List<String> columnList(String table, String listKey, JsonNode value) {
    List<String> columns = new ArrayList<>();
    if (value.isTextual()) {
      Arrays.stream(value.textValue().split(";"))
          .map(String::trim)
          .filter(s -> !s.isEmpty())
          .forEach(columns::add);
    } else if (value.isArray()) {
      for (JsonNode element : value) {
        if (!element.isTextual()) {
          throw error(
              table,
              "key '"
                  + listKey
                  + "' must list column names (JSON strings),"
                  + " but holds "
                  + describe(element));
        }
        columns.add(element.textValue().trim());
      }
    } else {
      throw error(
          table,
          "key '"
              + listKey
              + "' must be a ';'-separated string or a JSON"
              + " array of column names, but is "
              + describe(value));
    }
    if (columns.isEmpty()) {
      throw error(table, "key '" + listKey + "' names no column");
    }
    return columns;
  }

  private static String describe(@Nullable JsonNode value) {
    return value == null
        ? "missing"
        : "a JSON " + value.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }
}
