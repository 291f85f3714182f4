package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import dev.kafkaconnector.formats.IgnoredParseErrors;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.LogicalType;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Builds the tree of {@link ValueReader}s for a Beam type once, so that reading a message is a walk
 * over pre-resolved readers: no type switches, name lookups by schema or option reads per record.
 *
 * <p>Every value goes through {@link #build}'s wrapper, which handles JSON null (null, or an error
 * for a NOT NULL type), names the failing type in errors and, with ignore-parse-errors, turns a
 * failed nullable value into null: it counts the error and skips the rest of the value so that the
 * parser stays in step with the message.
 */
final class JsonReaders {
  private static final Object MISSING = new Object();

  private final JsonReadSettings settings;
  private final IgnoredParseErrors ignored;

  JsonReaders(JsonReadSettings settings) {
    this.settings = settings;
    this.ignored = IgnoredParseErrors.of(settings.format());
  }

  /**
   * The reader of {@code type}.
   *
   * @param where the column path, for messages about types the format cannot read
   * @throws IllegalArgumentException when the type cannot be read from JSON
   */
  ValueReader build(FieldType type, String where) {
    ValueReader inner = notNull(type, where);
    boolean nullable = Boolean.TRUE.equals(type.getNullable());
    String typeName = describe(type);
    return new NullSafe(inner, nullable, nullable && settings.ignoreParseErrors(), typeName);
  }

  /** The reader of the rows of {@code schema} (the top level of a message). */
  RowReader row(Schema schema, String where) {
    ValueReader[] fields = new ValueReader[schema.getFieldCount()];
    for (int i = 0; i < fields.length; i++) {
      Schema.Field field = schema.getField(i);
      String path = where.isEmpty() ? field.getName() : where + "." + field.getName();
      fields[i] = build(field.getType(), path);
    }
    return new RowReader(schema, fields, settings.failOnMissingField());
  }

  private ValueReader notNull(FieldType type, String where) {
    ValueReader scalar = ScalarReaders.forType(type, settings.timestampFormat());
    if (scalar != null) {
      return scalar;
    }
    switch (type.getTypeName()) {
      case ROW:
        return row(type.getRowSchema(), where);
      case ARRAY:
      case ITERABLE:
        return new ArrayReader(build(type.getCollectionElementType(), where + "[]"));
      case MAP:
        FieldType keyType = type.getMapKeyType();
        if (keyType.getTypeName() != TypeName.STRING) {
          throw new IllegalArgumentException(
              "Format '"
                  + settings.format()
                  + "' column '"
                  + where
                  + "': JSON object keys are strings, so a MAP needs STRING keys, not "
                  + describe(keyType));
        }
        return new MapReader(build(type.getMapValueType(), where + "[]"));
      case LOGICAL_TYPE:
        // Any other logical type: read its base type and convert.
        @SuppressWarnings("unchecked")
        LogicalType<Object, Object> logical = (LogicalType<Object, Object>) type.getLogicalType();
        ValueReader base = notNull(logical.getBaseType(), where);
        return p -> logical.toInputType(base.read(p));
      default:
        throw new IllegalArgumentException(
            "Format '"
                + settings.format()
                + "' column '"
                + where
                + "': type "
                + describe(type)
                + " cannot be read from JSON");
    }
  }

  static String describe(FieldType type) {
    if (type.getTypeName() == TypeName.LOGICAL_TYPE) {
      return type.getLogicalType().getIdentifier();
    }
    return type.getTypeName().toString();
  }

  private final class NullSafe implements ValueReader {
    private final ValueReader inner;
    private final boolean nullable;
    private final boolean ignoreErrors;
    private final String typeName;

    NullSafe(ValueReader inner, boolean nullable, boolean ignoreErrors, String typeName) {
      this.inner = inner;
      this.nullable = nullable;
      this.ignoreErrors = ignoreErrors;
      this.typeName = typeName;
    }

    @Override
    public @Nullable Object read(JsonParser p) throws IOException {
      JsonToken start = p.currentToken();
      if (start == JsonToken.VALUE_NULL) {
        if (nullable) {
          return null;
        }
        throw ConversionError.value("null for a NOT NULL " + typeName);
      }
      JsonStreamContext outer =
          ignoreErrors && start.isStructStart() ? p.getParsingContext().getParent() : null;
      ConversionError error;
      try {
        return inner.read(p);
      } catch (ConversionError e) {
        error = e;
      } catch (RuntimeException e) {
        // NumberFormatException, DateTimeException, IllegalArgumentException, ...
        error = ConversionError.value("cannot read " + typeName + ": " + e.getMessage(), e);
      }
      if (!ignoreErrors || error.isFatal()) {
        throw error;
      }
      ignored.inc();
      if (outer != null) {
        skipRest(p, outer);
      }
      return null;
    }
  }

  /** Moves the parser to the end token of the object or array that was opened in {@code outer}. */
  private static void skipRest(JsonParser p, JsonStreamContext outer) throws IOException {
    JsonToken t = p.currentToken();
    while (!(t != null && t.isStructEnd() && p.getParsingContext() == outer)) {
      if (t == null) {
        throw ConversionError.value("unexpected end of input");
      }
      t = p.nextToken();
    }
  }

  /**
   * The next member name, or null at the end of the object. Jackson may read the member's value
   * along with its name, so broken JSON there is reported under the member's name.
   */
  private static @Nullable String nextFieldName(JsonParser p) throws IOException {
    try {
      return p.nextFieldName();
    } catch (IOException e) {
      String name = null;
      try {
        name = p.currentName();
      } catch (IOException | RuntimeException ignored) {
        // no name to report
      }
      ConversionError error = ConversionError.fatal(e);
      throw name == null || p.currentToken() != JsonToken.FIELD_NAME ? error : error.atField(name);
    }
  }

  /** Reads a JSON object into a row; unknown members are skipped. */
  static final class RowReader implements ValueReader {
    private final Schema schema;
    private final String[] names;
    private final boolean[] nullable;
    private final ValueReader[] fields;
    private final Map<String, Integer> index;
    private final boolean failOnMissingField;

    RowReader(Schema schema, ValueReader[] fields, boolean failOnMissingField) {
      this.schema = schema;
      this.fields = fields;
      this.failOnMissingField = failOnMissingField;
      this.names = new String[fields.length];
      this.nullable = new boolean[fields.length];
      this.index = new HashMap<>();
      for (int i = 0; i < fields.length; i++) {
        Schema.Field field = schema.getField(i);
        // Jackson interns member names: interning ours makes the common match an identity check.
        names[i] = field.getName().intern();
        nullable[i] = Boolean.TRUE.equals(field.getType().getNullable());
        index.put(names[i], i);
      }
    }

    @Override
    public Row read(JsonParser p) throws IOException {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw ConversionError.wrongType("a JSON object (ROW)", p);
      }
      int n = fields.length;
      Object[] values = new Object[n];
      Arrays.fill(values, MISSING);
      int next = 0;
      String name;
      while ((name = nextFieldName(p)) != null) {
        int i;
        if (next < n && names[next].equals(name)) {
          i = next;
        } else {
          Integer found = index.get(name);
          i = found == null ? -1 : found;
        }
        try {
          p.nextToken();
          if (i < 0) {
            p.skipChildren();
            continue;
          }
          values[i] = fields[i].read(p);
        } catch (ConversionError e) {
          throw e.atField(names[i]);
        } catch (IOException e) {
          throw ConversionError.fatal(e).atField(name);
        }
        next = i + 1;
      }
      if (p.currentToken() != JsonToken.END_OBJECT) {
        throw ConversionError.value("unexpected end of input in a JSON object");
      }
      for (int i = 0; i < n; i++) {
        if (values[i] == MISSING) {
          if (failOnMissingField) {
            throw ConversionError.value("field is missing from the JSON object").atField(names[i]);
          }
          if (!nullable[i]) {
            throw ConversionError.value("field is missing from the JSON object and NOT NULL")
                .atField(names[i]);
          }
          values[i] = null;
        }
      }
      return Row.withSchema(schema).attachValues(Arrays.asList(values));
    }
  }

  private static final class ArrayReader implements ValueReader {
    private final ValueReader element;

    ArrayReader(ValueReader element) {
      this.element = element;
    }

    @Override
    public List<Object> read(JsonParser p) throws IOException {
      if (p.currentToken() != JsonToken.START_ARRAY) {
        throw ConversionError.wrongType("a JSON array (ARRAY)", p);
      }
      List<Object> out = new ArrayList<>();
      JsonToken t;
      while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
        if (t == null) {
          throw ConversionError.value("unexpected end of input in a JSON array");
        }
        try {
          out.add(element.read(p));
        } catch (ConversionError e) {
          throw e.atIndex(out.size());
        } catch (IOException e) {
          throw ConversionError.fatal(e).atIndex(out.size());
        }
      }
      return out;
    }
  }

  private static final class MapReader implements ValueReader {
    private final ValueReader value;

    MapReader(ValueReader value) {
      this.value = value;
    }

    @Override
    public Map<String, Object> read(JsonParser p) throws IOException {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        throw ConversionError.wrongType("a JSON object (MAP)", p);
      }
      Map<String, Object> out = new LinkedHashMap<>();
      String key;
      while ((key = nextFieldName(p)) != null) {
        try {
          p.nextToken();
          out.put(key, value.read(p));
        } catch (ConversionError e) {
          throw e.atKey(key);
        } catch (IOException e) {
          throw ConversionError.fatal(e).atKey(key);
        }
      }
      if (p.currentToken() != JsonToken.END_OBJECT) {
        throw ConversionError.value("unexpected end of input in a JSON object");
      }
      return out;
    }
  }
}
