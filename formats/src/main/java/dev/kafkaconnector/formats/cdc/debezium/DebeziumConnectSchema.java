package dev.kafkaconnector.formats.cdc.debezium;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.schema.ColumnType;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The Kafka Connect schema (JSON converter form) of the Debezium envelope this format writes with
 * {@code debezium-json.include-schema.enabled}: a struct of {@code before} and {@code after} (the
 * row's struct, optional) and {@code op}. Each column's Connect type describes the JSON value
 * actually written: BOOLEAN boolean; TINYINT int8; SMALLINT int16; INT int32; BIGINT int64; FLOAT
 * float; DOUBLE double; DECIMAL the Connect Decimal logical type when the scale is known (a
 * fixed-precision numeric; the value is a JSON number, which Kafka's JsonConverter accepts) and
 * double otherwise; STRING string; BYTES bytes (base64); DATE, TIME, TIMESTAMP and TIMESTAMP_LTZ
 * string (their text form); ROW struct; ARRAY array; MAP map. Other logical types use their base
 * type.
 */
final class DebeziumConnectSchema {
  private DebeziumConnectSchema() {}

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The envelope's schema as compact JSON text. */
  static String of(Schema data) {
    return of(data, false, false);
  }

  /**
   * The envelope's schema, with the {@code source} struct (optional strings {@code db}, {@code
   * schema} with the full table id, and {@code table}) when {@code withSource}.
   */
  static String of(Schema data, boolean withSource, boolean fullTableId) {
    ObjectNode envelope = NODES.objectNode();
    envelope.put("type", "struct");
    ArrayNode fields = envelope.putArray("fields");
    ObjectNode before = struct(data);
    before.put("optional", true);
    before.put("field", "before");
    fields.add(before);
    ObjectNode after = struct(data);
    after.put("optional", true);
    after.put("field", "after");
    fields.add(after);
    ObjectNode op = NODES.objectNode();
    op.put("type", "string");
    op.put("optional", false);
    op.put("field", "op");
    fields.add(op);
    if (withSource) {
      ObjectNode source = NODES.objectNode();
      source.put("type", "struct");
      ArrayNode sourceFields = source.putArray("fields");
      sourceFields.add(optionalString("db"));
      if (fullTableId) {
        sourceFields.add(optionalString("schema"));
      }
      sourceFields.add(optionalString("table"));
      source.put("optional", true);
      source.put("field", "source");
      fields.add(source);
    }
    envelope.put("optional", false);
    envelope.put("name", "kafka_connector.Envelope");
    return envelope.toString();
  }

  private static ObjectNode optionalString(String field) {
    ObjectNode node = simple("string");
    node.put("optional", true);
    node.put("field", field);
    return node;
  }

  private static ObjectNode struct(Schema schema) {
    ObjectNode node = NODES.objectNode();
    node.put("type", "struct");
    ArrayNode fields = node.putArray("fields");
    for (Schema.Field field : schema.getFields()) {
      ObjectNode column = type(field.getType());
      column.put("field", field.getName());
      fields.add(column);
    }
    return node;
  }

  private static ObjectNode type(FieldType type) {
    ColumnType column = ColumnType.ofOrNull(type);
    ObjectNode node =
        column == null ? type(type.getLogicalType().getBaseType()) : nonNull(column, type);
    node.put("optional", Boolean.TRUE.equals(type.getNullable()));
    return node;
  }

  private static ObjectNode nonNull(ColumnType column, FieldType type) {
    switch (column.root()) {
      case BOOLEAN:
        return simple("boolean");
      case TINYINT:
        return simple("int8");
      case SMALLINT:
        return simple("int16");
      case INT:
        return simple("int32");
      case BIGINT:
        return simple("int64");
      case FLOAT:
        return simple("float");
      case DOUBLE:
        return simple("double");
      case DECIMAL:
        return column.isFixedPrecision() ? decimal(column) : simple("double");
      case STRING:
      case DATE:
      case TIME:
      case TIMESTAMP:
      case TIMESTAMP_LTZ:
        return simple("string");
      case BYTES:
        return simple("bytes");
      case ROW:
        return struct(type.getRowSchema());
      case ARRAY:
        ObjectNode array = simple("array");
        array.set("items", type(type.getCollectionElementType()));
        return array;
      case MAP:
        ObjectNode map = simple("map");
        map.set("keys", type(type.getMapKeyType()));
        map.set("values", type(type.getMapValueType()));
        return map;
      default:
        throw new IllegalStateException(column.root().name());
    }
  }

  private static ObjectNode decimal(ColumnType column) {
    ObjectNode node = simple("bytes");
    node.put("name", "org.apache.kafka.connect.data.Decimal");
    node.put("version", 1);
    ObjectNode parameters = node.putObject("parameters");
    parameters.put("scale", String.valueOf(column.scale()));
    parameters.put("connect.decimal.precision", String.valueOf(column.precision()));
    return node;
  }

  private static ObjectNode simple(String connectType) {
    ObjectNode node = NODES.objectNode();
    node.put("type", connectType);
    return node;
  }
}
