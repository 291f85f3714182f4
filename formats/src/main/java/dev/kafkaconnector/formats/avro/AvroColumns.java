package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.schema.SqlType;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The columns of an Avro record schema, as Flink's Avro type conversion gives them (the inverse of
 * {@link AvroSchemaDerivation}): a union of null and one type is that type, nullable; any other
 * type is NOT NULL; {@code date}, {@code time-*} and {@code (local-)timestamp-*} are DATE, TIME and
 * TIMESTAMP; enums are strings; fixed is bytes.
 */
final class AvroColumns {
  private AvroColumns() {}

  /**
   * @throws IllegalArgumentException naming the field for a schema that is not a record, or a union
   *     with several non-null branches
   */
  static org.apache.beam.sdk.schemas.Schema of(Schema record) {
    if (record.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException(
          "the schema must be a record but is " + AvroTypeMatch.describe(record));
    }
    return row(record, "");
  }

  private static org.apache.beam.sdk.schemas.Schema row(Schema record, String path) {
    org.apache.beam.sdk.schemas.Schema.Builder columns =
        org.apache.beam.sdk.schemas.Schema.builder();
    for (Schema.Field field : record.getFields()) {
      String fieldPath = path.isEmpty() ? field.name() : path + "." + field.name();
      columns.addField(field.name(), type(field.schema(), fieldPath));
    }
    return columns.build();
  }

  private static FieldType type(Schema avro, String path) {
    if (avro.getType() == Schema.Type.UNION) {
      int[] branches = AvroTypeMatch.nullableUnion(avro, path);
      FieldType inner = nonNull(avro.getTypes().get(branches[1]), path);
      return inner.withNullable(branches[0] >= 0);
    }
    return nonNull(avro, path).withNullable(false);
  }

  private static FieldType nonNull(Schema avro, String path) {
    LogicalType logical = avro.getLogicalType();
    switch (avro.getType()) {
      case BOOLEAN:
        return FieldType.BOOLEAN;
      case INT:
        if (logical instanceof LogicalTypes.Date) {
          return SqlType.parse("DATE");
        }
        return logical instanceof LogicalTypes.TimeMillis ? SqlType.parse("TIME") : FieldType.INT32;
      case LONG:
        if (logical instanceof LogicalTypes.TimeMicros) {
          return SqlType.parse("TIME");
        }
        return AvroTypeMatch.timestampUnit(avro) != null
            ? SqlType.parse("TIMESTAMP")
            : FieldType.INT64;
      case FLOAT:
        return FieldType.FLOAT;
      case DOUBLE:
        return FieldType.DOUBLE;
      case STRING:
      case ENUM:
        return FieldType.STRING;
      case BYTES:
      case FIXED:
        return logical instanceof LogicalTypes.Decimal ? FieldType.DECIMAL : FieldType.BYTES;
      case ARRAY:
        return FieldType.array(type(avro.getElementType(), path + "[]"));
      case MAP:
        return FieldType.map(FieldType.STRING.withNullable(false), type(avro.getValueType(), path));
      case RECORD:
        return FieldType.row(row(avro, path));
      default:
        throw new IllegalArgumentException(
            "field '"
                + path
                + "': the Avro type "
                + AvroTypeMatch.describe(avro)
                + " has no column type");
    }
  }
}
