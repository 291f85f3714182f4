package dev.kafkaconnector.schema.change;

import dev.kafkaconnector.schema.ColumnType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.beam.model.pipeline.v1.SchemaApi;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.SchemaTranslation;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.util.VarInt;

/**
 * A compact, exact byte form of a Beam {@link Schema}: field names and one byte per type for the
 * types the connector's tables use, so that a schema sent along with an event costs a few bytes per
 * column. {@code decode(encode(s))} equals {@code s}. A schema with options, field descriptions or
 * overridden encoding positions, and any logical type other than DATE, TIME, TIMESTAMP and
 * DECIMAL(p, s), is written in Beam's portable schema proto instead (larger, but exact for
 * everything Beam can translate).
 */
final class SchemaCodec {
  private static final int COMPACT = 0;
  private static final int PROTO = 1;

  private static final int NULLABLE = 0x80;
  private static final int ARRAY = 11;
  private static final int ITERABLE = 12;
  private static final int MAP = 13;
  private static final int ROW = 14;
  private static final int DATE = 20;
  private static final int TIME = 21;
  private static final int LOCAL_DATETIME = 22;
  private static final int FIXED_DECIMAL = 23;
  private static final int OTHER_LOGICAL = 127;

  /** The primitive type names by code 0..10; their position is their code. */
  private static final TypeName[] PRIMITIVES = {
    TypeName.BYTE, TypeName.INT16, TypeName.INT32, TypeName.INT64, TypeName.DECIMAL,
    TypeName.FLOAT, TypeName.DOUBLE, TypeName.STRING, TypeName.DATETIME, TypeName.BOOLEAN,
    TypeName.BYTES
  };

  private SchemaCodec() {}

  /** The bytes of {@code schema}. */
  static byte[] encode(Schema schema) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 + 8 * schema.getFieldCount());
    try {
      writeSchema(schema, new DataOutputStream(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /** The schema of {@link #encode}'s bytes. */
  static Schema decode(byte[] bytes) throws IOException {
    return readSchema(new DataInputStream(new ByteArrayInputStream(bytes)));
  }

  private static void writeSchema(Schema schema, DataOutputStream out) throws IOException {
    if (!isCompact(schema)) {
      out.writeByte(PROTO);
      byte[] proto = SchemaTranslation.schemaToProto(schema, true).toByteArray();
      VarInt.encode(proto.length, out);
      out.write(proto);
      return;
    }
    out.writeByte(COMPACT);
    VarInt.encode(schema.getFieldCount(), out);
    for (Field field : schema.getFields()) {
      writeString(field.getName(), out);
      writeType(field.getType(), out);
    }
  }

  private static boolean isCompact(Schema schema) {
    if (schema.getOptions().hasOptions() || schema.isEncodingPositionsOverridden()) {
      return false;
    }
    for (Field field : schema.getFields()) {
      if (!field.getDescription().isEmpty() || field.getOptions().hasOptions()) {
        return false;
      }
    }
    return true;
  }

  private static void writeType(FieldType type, DataOutputStream out) throws IOException {
    int nullable = Boolean.TRUE.equals(type.getNullable()) ? NULLABLE : 0;
    TypeName name = type.getTypeName();
    switch (name) {
      case ARRAY:
      case ITERABLE:
        out.writeByte((name == TypeName.ARRAY ? ARRAY : ITERABLE) | nullable);
        writeType(type.getCollectionElementType(), out);
        return;
      case MAP:
        out.writeByte(MAP | nullable);
        writeType(type.getMapKeyType(), out);
        writeType(type.getMapValueType(), out);
        return;
      case ROW:
        out.writeByte(ROW | nullable);
        writeSchema(type.getRowSchema(), out);
        return;
      case LOGICAL_TYPE:
        writeLogical(type, nullable, out);
        return;
      default:
        for (int code = 0; code < PRIMITIVES.length; code++) {
          if (PRIMITIVES[code] == name) {
            out.writeByte(code | nullable);
            return;
          }
        }
        throw new IllegalArgumentException("no encoding for type " + type);
    }
  }

  private static void writeLogical(FieldType type, int nullable, DataOutputStream out)
      throws IOException {
    LogicalType<?, ?> logical = type.getLogicalType();
    String id = logical.getIdentifier();
    if (type.equals(FieldType.logicalType(SqlTypes.DATE).withNullable(nullable != 0))) {
      out.writeByte(DATE | nullable);
    } else if (type.equals(FieldType.logicalType(SqlTypes.TIME).withNullable(nullable != 0))) {
      out.writeByte(TIME | nullable);
    } else if (type.equals(FieldType.logicalType(SqlTypes.DATETIME).withNullable(nullable != 0))) {
      out.writeByte(LOCAL_DATETIME | nullable);
    } else if (FixedPrecisionNumeric.IDENTIFIER.equals(id) && sameDecimal(type, nullable != 0)) {
      ColumnType column = ColumnType.of(type);
      out.writeByte(FIXED_DECIMAL | nullable);
      VarInt.encode(column.precision(), out);
      VarInt.encode(column.scale(), out);
    } else {
      // Any other logical type: a one-field schema in Beam's proto, which can translate it.
      out.writeByte(OTHER_LOGICAL);
      // A fixed id: the proto would otherwise hold a random one, and equal types must give
      // equal bytes (the coder looks schemas up by their bytes).
      Schema holder = Schema.builder().addField("t", type).build();
      holder.setUUID(new java.util.UUID(0, 0));
      byte[] proto = SchemaTranslation.schemaToProto(holder, true).toByteArray();
      VarInt.encode(proto.length, out);
      out.write(proto);
    }
  }

  /** Whether a FixedPrecisionNumeric type is exactly the one its precision and scale rebuild. */
  private static boolean sameDecimal(FieldType type, boolean nullable) {
    ColumnType column = ColumnType.of(type);
    return type.equals(
        FieldType.logicalType(FixedPrecisionNumeric.of(column.precision(), column.scale()))
            .withNullable(nullable));
  }

  private static Schema readSchema(DataInputStream in) throws IOException {
    int mode = in.readUnsignedByte();
    if (mode == PROTO) {
      return SchemaTranslation.schemaFromProto(SchemaApi.Schema.parseFrom(readBytes(in)));
    }
    if (mode != COMPACT) {
      throw new IOException("unknown schema encoding " + mode);
    }
    int count = VarInt.decodeInt(in);
    Schema.Builder builder = Schema.builder();
    for (int i = 0; i < count; i++) {
      String name = readString(in);
      builder.addField(name, readType(in));
    }
    return builder.build();
  }

  private static FieldType readType(DataInputStream in) throws IOException {
    int tag = in.readUnsignedByte();
    if (tag == OTHER_LOGICAL) {
      return SchemaTranslation.schemaFromProto(SchemaApi.Schema.parseFrom(readBytes(in)))
          .getField(0)
          .getType();
    }
    boolean nullable = (tag & NULLABLE) != 0;
    int code = tag & ~NULLABLE;
    FieldType type;
    if (code < PRIMITIVES.length) {
      type = FieldType.of(PRIMITIVES[code]);
    } else {
      switch (code) {
        case ARRAY:
          type = FieldType.array(readType(in));
          break;
        case ITERABLE:
          type = FieldType.iterable(readType(in));
          break;
        case MAP:
          FieldType key = readType(in);
          type = FieldType.map(key, readType(in));
          break;
        case ROW:
          type = FieldType.row(readSchema(in));
          break;
        case DATE:
          type = FieldType.logicalType(SqlTypes.DATE);
          break;
        case TIME:
          type = FieldType.logicalType(SqlTypes.TIME);
          break;
        case LOCAL_DATETIME:
          type = FieldType.logicalType(SqlTypes.DATETIME);
          break;
        case FIXED_DECIMAL:
          int precision = VarInt.decodeInt(in);
          type = FieldType.logicalType(FixedPrecisionNumeric.of(precision, VarInt.decodeInt(in)));
          break;
        default:
          throw new IOException("unknown type code " + code + " in an encoded schema");
      }
    }
    return type.withNullable(nullable);
  }

  private static void writeString(String text, DataOutputStream out) throws IOException {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    VarInt.encode(utf8.length, out);
    out.write(utf8);
  }

  private static String readString(DataInputStream in) throws IOException {
    return new String(readBytes(in), StandardCharsets.UTF_8);
  }

  private static byte[] readBytes(DataInputStream in) throws IOException {
    byte[] bytes = new byte[VarInt.decodeInt(in)];
    in.readFully(bytes);
    return bytes;
  }
}
