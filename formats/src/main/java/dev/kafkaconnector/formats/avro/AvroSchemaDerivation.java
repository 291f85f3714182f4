package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.schema.ColumnType;
import dev.kafkaconnector.schema.SqlTypeRoot;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * Derives the Avro schema of a row type the way Flink's {@code AvroSchemaConverter} does: a record
 * named {@code record}, nested rows as records named after their path ({@code record_address}),
 * nullable types as {@code ["null", T]} unions (nullable record fields default to null), DECIMAL as
 * bytes with the decimal logical type, DATE as int date, TIME as int time-millis, MAP with string
 * keys.
 */
final class AvroSchemaDerivation {
  static final String TOP_RECORD_NAME = "record";

  private final boolean legacyTimestamps;
  private final Set<String> recordNames = new HashSet<>();

  private AvroSchemaDerivation(boolean legacyTimestamps) {
    this.legacyTimestamps = legacyTimestamps;
  }

  /**
   * The Avro schema of rows of {@code schema}.
   *
   * @param legacyTimestamps Flink's {@code avro.timestamp_mapping.legacy}: TIMESTAMP as
   *     timestamp-millis (true) or local-timestamp-micros (false)
   * @throws IllegalArgumentException naming the column whose type has no Avro counterpart
   */
  static Schema derive(org.apache.beam.sdk.schemas.Schema schema, boolean legacyTimestamps) {
    return new AvroSchemaDerivation(legacyTimestamps).record(schema, TOP_RECORD_NAME, "");
  }

  private Schema record(org.apache.beam.sdk.schemas.Schema schema, String name, String path) {
    String unique = name;
    for (int i = 2; !recordNames.add(unique); i++) {
      unique = name + "_" + i;
    }
    List<Schema.Field> fields = new ArrayList<>();
    for (Field field : schema.getFields()) {
      String fieldPath = path.isEmpty() ? field.getName() : path + "." + field.getName();
      FieldType type = field.getType();
      Schema fieldSchema = type(type, unique + "_" + field.getName(), fieldPath);
      try {
        fields.add(
            Boolean.TRUE.equals(type.getNullable())
                ? new Schema.Field(field.getName(), fieldSchema, null, JsonProperties.NULL_VALUE)
                : new Schema.Field(field.getName(), fieldSchema, null, (Object) null));
      } catch (SchemaParseException e) {
        throw new IllegalArgumentException(
            "column '"
                + fieldPath
                + "': the name is not a valid Avro name ("
                + e.getMessage()
                + ")",
            e);
      }
    }
    return Schema.createRecord(unique, null, null, false, fields);
  }

  private Schema type(FieldType type, String rowName, String path) {
    Schema schema = nonNull(type, rowName, path);
    return Boolean.TRUE.equals(type.getNullable())
        ? Schema.createUnion(Schema.create(Schema.Type.NULL), schema)
        : schema;
  }

  private Schema nonNull(FieldType type, String rowName, String path) {
    ColumnType column = AvroTypeMatch.column(type, path);
    SqlTypeRoot kind = column.root();
    switch (kind) {
      case BOOLEAN:
        return Schema.create(Schema.Type.BOOLEAN);
      case TINYINT:
      case SMALLINT:
      case INT:
        return Schema.create(Schema.Type.INT);
      case BIGINT:
        return Schema.create(Schema.Type.LONG);
      case FLOAT:
        return Schema.create(Schema.Type.FLOAT);
      case DOUBLE:
        return Schema.create(Schema.Type.DOUBLE);
      case DECIMAL:
        return LogicalTypes.decimal(column.precision(), column.scale())
            .addToSchema(Schema.create(Schema.Type.BYTES));
      case STRING:
        return Schema.create(Schema.Type.STRING);
      case BYTES:
        return Schema.create(Schema.Type.BYTES);
      case DATE:
        return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case TIME:
        return LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
      case TIMESTAMP:
        return (legacyTimestamps
                ? LogicalTypes.timestampMillis()
                : LogicalTypes.localTimestampMicros())
            .addToSchema(Schema.create(Schema.Type.LONG));
      case TIMESTAMP_LTZ:
        return LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
      case ARRAY:
        return Schema.createArray(type(type.getCollectionElementType(), rowName, path + "[]"));
      case MAP:
        if (SqlTypeRoot.of(type.getMapKeyType()) != SqlTypeRoot.STRING) {
          throw new IllegalArgumentException(
              "column '"
                  + path
                  + "': Avro maps have string keys, but the key type is "
                  + type.getMapKeyType());
        }
        return Schema.createMap(type(type.getMapValueType(), rowName, path + "{}"));
      case ROW:
        return record(type.getRowSchema(), rowName, path);
      default:
        throw new IllegalStateException(kind.name());
    }
  }
}
