package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.schemas.logicaltypes.Date;
import org.apache.beam.sdk.schemas.logicaltypes.DateTime;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.MicrosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.NanosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.Time;
import org.apache.beam.sdk.schemas.logicaltypes.UuidLogicalType;
import org.apache.beam.sdk.values.Row;
import org.joda.time.ReadableInstant;

/**
 * Builds the tree of writers for a Beam type once (the mirror of {@link JsonReaders}): Flink's
 * JSON forms for every type, null fields as JSON null (or left out with ignore-null-fields), null
 * MAP keys per {@link MapNullKeyMode}.
 */
final class JsonWriters {

  /** Writes one non-null value. */
  @FunctionalInterface
  interface ValueWriter {
    void write(JsonGenerator g, Object value) throws IOException;
  }

  private final JsonWriteSettings settings;

  JsonWriters(JsonWriteSettings settings) {
    this.settings = settings;
  }

  ValueWriter build(FieldType type, String where) {
    TimestampFormat timestamps = settings.timestampFormat();
    switch (type.getTypeName()) {
      case BOOLEAN:
        return (g, v) -> g.writeBoolean((Boolean) v);
      case BYTE:
      case INT16:
      case INT32:
        return (g, v) -> g.writeNumber(((Number) v).intValue());
      case INT64:
        return (g, v) -> g.writeNumber(((Number) v).longValue());
      case FLOAT:
        return (g, v) -> g.writeNumber((Float) v);
      case DOUBLE:
        return (g, v) -> g.writeNumber((Double) v);
      case DECIMAL:
        return (g, v) -> g.writeNumber((BigDecimal) v);
      case STRING:
        return (g, v) -> g.writeString((String) v);
      case BYTES:
        return (g, v) -> g.writeBinary((byte[]) v);
      case DATETIME:
        return (g, v) ->
            g.writeString(
                timestamps.formatTimestampLtz(
                    Instant.ofEpochMilli(((ReadableInstant) v).getMillis())));
      case ROW:
        return row(type.getRowSchema(), where);
      case ARRAY:
      case ITERABLE:
        ValueWriter element = build(type.getCollectionElementType(), where + "[]");
        return (g, v) -> {
          g.writeStartArray();
          int i = 0;
          for (Object e : (Iterable<?>) v) {
            if (e == null) {
              g.writeNull();
            } else {
              try {
                element.write(g, e);
              } catch (ConversionError error) {
                throw error.atIndex(i);
              }
            }
            i++;
          }
          g.writeEndArray();
        };
      case MAP:
        if (type.getMapKeyType().getTypeName() != TypeName.STRING) {
          throw new IllegalArgumentException(
              "Format '"
                  + settings.format()
                  + "' column '"
                  + where
                  + "': JSON object keys are strings, so a MAP needs STRING keys, not "
                  + JsonReaders.describe(type.getMapKeyType()));
        }
        return map(build(type.getMapValueType(), where + "[]"));
      case LOGICAL_TYPE:
        return logical(type.getLogicalType(), where);
      default:
        throw new IllegalArgumentException(
            "Format '"
                + settings.format()
                + "' column '"
                + where
                + "': type "
                + JsonReaders.describe(type)
                + " cannot be written as JSON");
    }
  }

  private ValueWriter logical(LogicalType<?, ?> logical, String where) {
    TimestampFormat timestamps = settings.timestampFormat();
    String id = logical.getIdentifier();
    if (id.equals(MicrosInstant.IDENTIFIER) || id.equals(NanosInstant.IDENTIFIER)) {
      return (g, v) -> g.writeString(timestamps.formatTimestampLtz((Instant) v));
    }
    switch (id) {
      case Date.IDENTIFIER:
        return (g, v) -> g.writeString(TimestampFormat.formatDate((LocalDate) v));
      case Time.IDENTIFIER:
        return (g, v) -> g.writeString(TimestampFormat.formatTime((LocalTime) v));
      case DateTime.IDENTIFIER:
        return (g, v) -> g.writeString(timestamps.formatTimestamp((LocalDateTime) v));
      case UuidLogicalType.IDENTIFIER:
        return (g, v) -> g.writeString(v.toString());
      case FixedPrecisionNumeric.IDENTIFIER:
        return (g, v) -> g.writeNumber((BigDecimal) v);
      default:
        @SuppressWarnings("unchecked")
        LogicalType<Object, Object> any = (LogicalType<Object, Object>) logical;
        ValueWriter base = build(any.getBaseType().withNullable(false), where);
        return (g, v) -> base.write(g, any.toBaseType(v));
    }
  }

  ValueWriter row(Schema schema, String where) {
    int n = schema.getFieldCount();
    SerializableString[] names = new SerializableString[n];
    String[] plainNames = new String[n];
    ValueWriter[] writers = new ValueWriter[n];
    for (int i = 0; i < n; i++) {
      Schema.Field field = schema.getField(i);
      plainNames[i] = field.getName();
      names[i] = new SerializedString(field.getName());
      String path = where.isEmpty() ? field.getName() : where + "." + field.getName();
      writers[i] = build(field.getType(), path);
    }
    boolean ignoreNullFields = settings.ignoreNullFields();
    return (g, v) -> {
      Row row = (Row) v;
      g.writeStartObject();
      for (int i = 0; i < n; i++) {
        Object value = row.getValue(i);
        if (value == null) {
          if (!ignoreNullFields) {
            g.writeFieldName(names[i]);
            g.writeNull();
          }
          continue;
        }
        g.writeFieldName(names[i]);
        try {
          writers[i].write(g, value);
        } catch (ConversionError e) {
          throw e.atField(plainNames[i]);
        } catch (RuntimeException e) {
          throw ConversionError.value(
                  "cannot write a value of " + value.getClass().getName() + ": " + e, e)
              .atField(plainNames[i]);
        }
      }
      g.writeEndObject();
    };
  }

  private ValueWriter map(ValueWriter values) {
    MapNullKeyMode mode = settings.mapNullKeyMode();
    String literal = settings.mapNullKeyLiteral();
    String format = settings.format();
    return (g, v) -> {
      g.writeStartObject();
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) v).entrySet()) {
        Object key = entry.getKey();
        String name;
        if (key != null) {
          name = (String) key;
        } else if (mode == MapNullKeyMode.DROP) {
          continue;
        } else if (mode == MapNullKeyMode.LITERAL) {
          name = literal;
        } else {
          throw ConversionError.value(
              "the map has a null key, which JSON cannot hold. Drop such entries or write them"
                  + " under a literal key with '"
                  + format
                  + ".map-null-key.mode' = 'DROP' or 'LITERAL'.");
        }
        g.writeFieldName(name);
        Object value = entry.getValue();
        if (value == null) {
          g.writeNull();
        } else {
          try {
            values.write(g, value);
          } catch (ConversionError e) {
            throw e.atKey(name);
          }
        }
      }
      g.writeEndObject();
    };
  }
}
