package dev.kafkaconnector.io.sql;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.CONNECTOR;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_WATERMARK_COLUMN;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_WATERMARK_STRATEGY;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_COMPUTED;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_METADATA;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_PRIMARY_KEY;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SQL_VIRTUAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.options.DurationParser;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.WatermarkStrategy;
import dev.kafkaconnector.io.common.ddl.FlinkTable;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * Turns a parsed Flink table ({@link FlinkTable}) into Beam SQL's {@code CREATE EXTERNAL TABLE name
 * (columns) TYPE 'kafka-connector' | 'upsert-kafka' [COMMENT '…'] TBLPROPERTIES '{…}'}: the WITH
 * options verbatim, {@code METADATA [FROM] [VIRTUAL]} as {@code "metadata"} and {@code "virtual"},
 * the primary key as {@code "primary-key"} and the watermark as the source's
 * bounded-out-of-orderness policy on the record timestamp, computed columns ({@code name AS
 * expression}) as {@code "computed"} with the expression's type. What the tables cannot express is
 * rejected naming the construct and the table.
 */
final class FlinkDdlTranslator {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final FlinkTable table;

  private FlinkDdlTranslator(FlinkTable table) {
    this.table = table;
  }

  /**
   * The Beam SQL statement declaring {@code table}.
   *
   * @throws IllegalArgumentException naming the construct and the table
   */
  static String translate(FlinkTable table) {
    return new FlinkDdlTranslator(table).statement();
  }

  private String statement() {
    String connector = table.options().get(CONNECTOR.key());
    boolean upsert;
    if ("kafka".equals(connector)) {
      upsert = false;
    } else if ("upsert-kafka".equals(connector)) {
      upsert = true;
    } else {
      throw error(
          connector == null
              ? "WITH has no 'connector'; this connector declares 'connector' = 'kafka' and"
                  + " 'upsert-kafka' tables"
              : "'connector' = '"
                  + connector
                  + "' is not a Kafka table; only 'kafka' and"
                  + " 'upsert-kafka' tables can be declared here");
    }
    ObjectNode properties = JSON.createObjectNode();
    table.options().forEach(properties::put);
    metadata(properties);
    Schema computedTypes = computed(properties);
    primaryKey(properties, upsert);
    watermark(properties);
    StringBuilder out = new StringBuilder("CREATE EXTERNAL TABLE ");
    if (table.ifNotExists()) {
      out.append("IF NOT EXISTS ");
    }
    out.append(table.name().stream().map(BeamSqlTypeNames::quote).collect(Collectors.joining(".")));
    out.append(" (");
    for (int i = 0; i < table.columns().size(); i++) {
      out.append(i == 0 ? "" : ", ").append(column(table.columns().get(i), computedTypes));
    }
    out.append(") TYPE '")
        .append(upsert ? KafkaSqlTable.UPSERT_TYPE : KafkaSqlTable.KAFKA_TYPE)
        .append('\'');
    if (table.comment() != null) {
      out.append(" COMMENT ").append(literal(table.comment()));
    }
    try {
      out.append(" TBLPROPERTIES ").append(literal(JSON.writeValueAsString(properties)));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    return out.toString();
  }

  private String column(FlinkTable.Column column, Schema computedTypes) {
    FieldType fieldType =
        column.computed()
            ? computedTypes.getField(column.name()).getType().withNullable(true)
            : column.type();
    String type;
    try {
      type = BeamSqlTypeNames.of(fieldType);
    } catch (IllegalArgumentException e) {
      throw error(
          "column '" + column.name() + "' of type '" + column.typeText() + "': " + e.getMessage());
    }
    StringBuilder out = new StringBuilder(BeamSqlTypeNames.quote(column.name())).append(' ');
    out.append(type);
    if (!Boolean.TRUE.equals(fieldType.getNullable())) {
      out.append(" NOT NULL");
    }
    if (column.comment() != null) {
      out.append(" COMMENT ").append(literal(column.comment()));
    }
    return out.toString();
  }

  private void metadata(ObjectNode properties) {
    ObjectNode metadata = JSON.createObjectNode();
    ArrayNode virtual = JSON.createArrayNode();
    for (FlinkTable.Column column : table.columns()) {
      if (column.metadataKey() != null) {
        metadata.put(column.name(), column.metadataKey());
        if (column.virtual()) {
          virtual.add(column.name());
        }
      }
    }
    for (String key :
        new String[] {
          SQL_METADATA.key(), SQL_VIRTUAL.key(), SQL_PRIMARY_KEY.key(), SQL_COMPUTED.key()
        }) {
      if (properties.has(key)) {
        throw error(
            "WITH option '"
                + key
                + "' is a Beam SQL table property; declare it in the"
                + " column list (METADATA, VIRTUAL, PRIMARY KEY, name AS expression) instead");
      }
    }
    if (!metadata.isEmpty()) {
      properties.set(SQL_METADATA.key(), metadata);
    }
    if (!virtual.isEmpty()) {
      properties.set(SQL_VIRTUAL.key(), virtual);
    }
  }

  /**
   * The computed columns ({@code name AS expression}) as {@code "computed"}; returns their types,
   * the types of the expressions over the other columns as declared.
   */
  private Schema computed(ObjectNode properties) {
    Schema.Builder columns = Schema.builder();
    Map<String, String> expressions = new LinkedHashMap<>();
    ObjectNode computed = JSON.createObjectNode();
    for (FlinkTable.Column column : table.columns()) {
      if (column.computed()) {
        expressions.put(column.name(), column.expression());
        computed.put(column.name(), column.expression());
      } else {
        columns.addField(column.name(), column.type());
      }
    }
    if (expressions.isEmpty()) {
      return Schema.builder().build();
    }
    properties.set(SQL_COMPUTED.key(), computed);
    try {
      return ComputedColumns.types(columns.build(), expressions);
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  /**
   * Whether {@code key} is exactly the metadata columns {@code partition} and {@code offset}: the
   * coordinates that identify a Kafka record, the key the Kafka JSON catalog shows for a topic.
   */
  private boolean isRecordCoordinates(List<String> key) {
    if (key.size() != 2) {
      return false;
    }
    Set<String> metadata = new HashSet<>();
    for (String name : key) {
      FlinkTable.Column column = table.column(name);
      if (column == null || column.metadataKey() == null) {
        return false;
      }
      metadata.add(column.metadataKey());
    }
    return metadata.equals(Set.of(MetadataKey.PARTITION.key(), MetadataKey.OFFSET.key()));
  }

  private void primaryKey(ObjectNode properties, boolean upsert) {
    if (table.primaryKey().isEmpty()) {
      if (upsert) {
        throw error("'connector' = 'upsert-kafka' needs PRIMARY KEY (columns) NOT ENFORCED");
      }
      return;
    }
    if (!upsert && isRecordCoordinates(table.primaryKey())) {
      // The Kafka JSON catalog's key of a plain topic (spec 003, DESCRIBE): a record is
      // identified by its partition and offset. Nothing to enforce or upsert by: accepted as is.
      return;
    }
    if (!upsert) {
      throw error(
          "PRIMARY KEY "
              + table.primaryKey()
              + " NOT ENFORCED is not supported with"
              + " 'connector' = 'kafka' (as in Flink, a plain Kafka table has no primary key); use"
              + " 'connector' = 'upsert-kafka'");
    }
    ArrayNode key = JSON.createArrayNode();
    for (String column : table.primaryKey()) {
      if (table.column(column) == null) {
        throw error("PRIMARY KEY names column '" + column + "', which is not a column");
      }
      if (table.column(column).computed()) {
        throw error(
            "PRIMARY KEY names computed column '"
                + column
                + "'; the key is written with every record and a computed column is never written");
      }
      key.add(column);
    }
    properties.set(SQL_PRIMARY_KEY.key(), key);
  }

  /**
   * {@code WATERMARK FOR ts AS ts - INTERVAL 'n' unit} is the source's event-time policy with that
   * bound: on the record timestamp for a column {@code METADATA FROM 'timestamp'}, on the column's
   * values ({@code scan.watermark.column}) for any other column, a computed one included (the
   * source then evaluates its expression on each row, see {@link ComputedEventTime}).
   */
  private void watermark(ObjectNode properties) {
    FlinkTable.Watermark watermark = table.watermark();
    if (watermark == null) {
      return;
    }
    String clause = "WATERMARK FOR " + watermark.column() + " AS " + watermark.expression();
    FlinkTable.Column column = table.column(watermark.column());
    if (column == null) {
      throw error(clause + ": '" + watermark.column() + "' is not a column");
    }
    if (watermark.delay() == null) {
      throw error(
          clause
              + " is not supported: only '"
              + watermark.column()
              + "' and '"
              + watermark.column()
              + " - INTERVAL 'n' SECOND' (or MINUTE, HOUR, DAY, MILLISECOND)"
              + " map to the source's bounded out-of-orderness");
    }
    set(
        properties,
        SCAN_WATERMARK_STRATEGY.key(),
        WatermarkStrategy.EVENT_TIME.toString(),
        clause,
        given -> given.equals(WatermarkStrategy.EVENT_TIME.toString()));
    if (!MetadataKey.TIMESTAMP.key().equals(column.metadataKey())) {
      // a payload column (or other metadata): its values are the rows' event time
      set(
          properties,
          SCAN_WATERMARK_COLUMN.key(),
          column.name(),
          clause,
          given -> given.equals(column.name()));
    }
    Duration delay = watermark.delay();
    String bound =
        delay.toMillis() % 1000 == 0 ? delay.toSeconds() + " s" : delay.toMillis() + " ms";
    set(
        properties,
        SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS.key(),
        bound,
        clause,
        given -> durationEquals(given, delay));
  }

  private void set(
      ObjectNode properties,
      String key,
      String value,
      String clause,
      java.util.function.Predicate<String> agrees) {
    if (properties.has(key)) {
      String given = properties.get(key).asText();
      if (!agrees.test(given.trim())) {
        throw error(clause + " disagrees with WITH option '" + key + "' = '" + given + "'");
      }
      return;
    }
    properties.put(key, value);
  }

  private static boolean durationEquals(String text, Duration expected) {
    try {
      return DurationParser.parse(text).equals(expected);
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** A SQL string literal, quotes doubled. */
  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private IllegalArgumentException error(String message) {
    return new IllegalArgumentException(
        "Flink DDL of table '" + table.displayName() + "': " + message);
  }
}
