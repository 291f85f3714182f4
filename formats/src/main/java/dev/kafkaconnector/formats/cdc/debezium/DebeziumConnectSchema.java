package dev.kafkaconnector.formats.cdc.debezium;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.Date;
import org.apache.beam.sdk.schemas.logicaltypes.DateTime;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.MicrosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.NanosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.Time;
import org.apache.beam.sdk.values.Row;

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

  /** Logical types written as their text form (DATE, TIME, TIMESTAMP, TIMESTAMP_LTZ). */
  private static final Set<String> TEXT_TYPES =
      Set.of(
          Date.IDENTIFIER,
          Time.IDENTIFIER,
          DateTime.IDENTIFIER,
          MicrosInstant.IDENTIFIER,
          NanosInstant.IDENTIFIER);

  /** The envelope's schema as compact JSON text. */
  static String of(Schema data, String format) {
    ObjectNode envelope = NODES.objectNode();
    envelope.put("type", "struct");
    ArrayNode fields = envelope.putArray("fields");
    ObjectNode before = struct(data, format);
    before.put("optional", true);
    before.put("field", "before");
    fields.add(before);
    ObjectNode after = struct(data, format);
    after.put("optional", true);
    after.put("field", "after");
    fields.add(after);
    ObjectNode op = NODES.objectNode();
    op.put("type", "string");
    op.put("optional", false);
    op.put("field", "op");
    fields.add(op);
    envelope.put("optional", false);
    envelope.put("name", "kafka_connector.Envelope");
    return envelope.toString();
  }

  private static ObjectNode struct(Schema schema, String format) {
    ObjectNode node = NODES.objectNode();
    node.put("type", "struct");
    ArrayNode fields = node.putArray("fields");
    for (Schema.Field field : schema.getFields()) {
      ObjectNode column = type(field.getType(), format, field.getName());
      column.put("field", field.getName());
      fields.add(column);
    }
    return node;
  }

  private static ObjectNode type(FieldType type, String format, String where) {
    ObjectNode node;
    switch (type.getTypeName()) {
      case ROW:
        node = struct(type.getRowSchema(), format);
        break;
      case ARRAY:
      case ITERABLE:
        node = simple("array");
        node.set("items", type(type.getCollectionElementType(), format, where + "[]"));
        break;
      case MAP:
        node = simple("map");
        node.set("keys", type(type.getMapKeyType(), format, where + "[key]"));
        node.set("values", type(type.getMapValueType(), format, where + "[]"));
        break;
      case LOGICAL_TYPE:
        node = logical(type, format, where);
        break;
      default:
        node = simple(primitive(type, format, where));
    }
    node.put("optional", Boolean.TRUE.equals(type.getNullable()));
    return node;
  }

  private static ObjectNode logical(FieldType type, String format, String where) {
    Schema.LogicalType<?, ?> logical = type.getLogicalType();
    if (FixedPrecisionNumeric.IDENTIFIER.equals(logical.getIdentifier())) {
      Row argument = (Row) logical.getArgument();
      ObjectNode node = simple("bytes");
      node.put("name", "org.apache.kafka.connect.data.Decimal");
      node.put("version", 1);
      ObjectNode parameters = node.putObject("parameters");
      parameters.put("scale", String.valueOf(argument.getInt32("scale")));
      parameters.put("connect.decimal.precision", String.valueOf(argument.getInt32("precision")));
      return node;
    }
    if (TEXT_TYPES.contains(logical.getIdentifier())) {
      return simple("string");
    }
    return type(logical.getBaseType(), format, where);
  }

  private static String primitive(FieldType type, String format, String where) {
    switch (type.getTypeName()) {
      case BOOLEAN:
        return "boolean";
      case BYTE:
        return "int8";
      case INT16:
        return "int16";
      case INT32:
        return "int32";
      case INT64:
        return "int64";
      case FLOAT:
        return "float";
      case DOUBLE:
      case DECIMAL:
        return "double";
      case STRING:
      case DATETIME:
        return "string";
      case BYTES:
        return "bytes";
      default:
        throw new IllegalArgumentException(
            "Format '" + format + "' column '" + where + "': no Kafka Connect type for " + type);
    }
  }

  private static ObjectNode simple(String connectType) {
    ObjectNode node = NODES.objectNode();
    node.put("type", connectType);
    return node;
  }
}
