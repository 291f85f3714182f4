package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.kafkaconnector.schema.ColumnType;
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
import org.apache.beam.sdk.values.Row;
import org.joda.time.ReadableInstant;

/**
 * Builds the tree of writers for a Beam type once (the mirror of {@link JsonReaders}): Flink's JSON
 * forms for every type, null fields as JSON null (or left out with ignore-null-fields), null MAP
 * keys per {@link MapNullKeyMode}.
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
    ColumnType column = ColumnType.ofOrNull(type);
    if (column == null) {
      return ScalarReaders.isUuid(type)
          ? (g, v) -> g.writeString(v.toString())
          : viaBaseType(type.getLogicalType(), where);
    }
    TimestampFormat timestamps = settings.timestampFormat();
    boolean logical = type.getTypeName() == TypeName.LOGICAL_TYPE;
    switch (column.root()) {
      case BOOLEAN:
        return (g, v) -> g.writeBoolean((Boolean) v);
      case TINYINT:
      case SMALLINT:
      case INT:
        return (g, v) -> g.writeNumber(((Number) v).intValue());
      case BIGINT:
        return (g, v) -> g.writeNumber(((Number) v).longValue());
      case FLOAT:
        return (g, v) -> g.writeNumber((Float) v);
      case DOUBLE:
        return (g, v) -> g.writeNumber((Double) v);
      case DECIMAL:
        return (g, v) -> g.writeNumber((BigDecimal) v);
      case STRING:
        // CHAR and VARCHAR go through their logical type
        return logical
            ? viaBaseType(type.getLogicalType(), where)
            : (g, v) -> g.writeString((String) v);
      case BYTES:
        return logical
            ? viaBaseType(type.getLogicalType(), where)
            : (g, v) -> g.writeBinary((byte[]) v);
      case DATE:
        return (g, v) -> g.writeString(TimestampFormat.formatDate((LocalDate) v));
      case TIME:
        return (g, v) -> g.writeString(TimestampFormat.formatTime((LocalTime) v));
      case TIMESTAMP:
        return (g, v) -> g.writeString(timestamps.formatTimestamp((LocalDateTime) v));
      case TIMESTAMP_LTZ:
        return timestampLtz(logical, timestamps);
      case ROW:
        return row(type.getRowSchema(), where);
      case ARRAY:
        return array(build(type.getCollectionElementType(), where + "[]"));
      case MAP:
        return stringKeyMap(type, where);
      default:
        throw new IllegalStateException(column.root().name());
    }
  }

  /**
   * A TIMESTAMP_LTZ writer: of {@code java.time.Instant} values for the {@code logical} types
   * (MicrosInstant, NanosInstant), else of Beam's DATETIME (Joda) values.
   */
  private static ValueWriter timestampLtz(boolean logical, TimestampFormat timestamps) {
    if (logical) {
      // MicrosInstant, NanosInstant: java.time.Instant
      return (g, v) -> g.writeString(timestamps.formatTimestampLtz((Instant) v));
    }
    return (g, v) ->
        g.writeString(
            timestamps.formatTimestampLtz(Instant.ofEpochMilli(((ReadableInstant) v).getMillis())));
  }

  /** Writes an array of {@code element}'s values (nulls as null); an error names the index. */
  private static ValueWriter array(ValueWriter element) {
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
  }

  /** A MAP as a JSON object, whose keys are strings: the map's keys must be STRING. */
  private ValueWriter stringKeyMap(FieldType type, String where) {
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
  }

  /** Writes a logical type's values as its base type's. */
  private ValueWriter viaBaseType(LogicalType<?, ?> logical, String where) {
    @SuppressWarnings("unchecked")
    LogicalType<Object, Object> any = (LogicalType<Object, Object>) logical;
    ValueWriter base = build(any.getBaseType().withNullable(false), where);
    return (g, v) -> base.write(g, any.toBaseType(v));
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
