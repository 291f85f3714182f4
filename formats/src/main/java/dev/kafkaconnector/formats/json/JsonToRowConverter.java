package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.schema.ColumnType;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Converts JSON objects into Beam {@link Row}s of one schema, with Flink 1.19 flink-json's
 * semantics; the building block of the {@code json} format and of the JSON-based changelog formats.
 * Build it once per schema and reuse it: the conversion of every column is resolved in the
 * constructor.
 *
 * <p>Type mapping (JSON → Beam value): BOOLEAN ← true/false (or the strings "true"/"false");
 * TINYINT/SMALLINT/INT/BIGINT/FLOAT/DOUBLE/DECIMAL ← numbers or numeric strings; STRING ← any value
 * (objects and arrays as compact JSON text); BYTES ← base64 string; DATE ← {@code yyyy-MM-dd}; TIME
 * ← {@code HH:mm:ss[.fraction]}; TIMESTAMP ({@code SqlTypes.DATETIME}) and TIMESTAMP_LTZ ({@code
 * FieldType.DATETIME}, or {@code SqlTypes.TIMESTAMP}) ← strings in the {@link TimestampFormat} of
 * the settings; ROW ← object; ARRAY ← array; MAP (STRING keys) ← object. Other logical types are
 * read as their base type.
 *
 * <p>Missing fields are null (or an error with {@code failOnMissingField}); unknown members are
 * skipped. With {@code ignoreParseErrors}, a value that cannot be converted becomes null and is
 * counted in {@code <format>.ignored-parse-errors} (a null in a NOT NULL column fails the nearest
 * nullable enclosing value instead, ultimately the whole row). Malformed JSON always fails.
 *
 * <p>Serializable (the compiled readers are rebuilt after deserialization). Not synchronized, but
 * it keeps no per-message state, so one instance may serve several threads.
 */
public final class JsonToRowConverter implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Schema schema;
  private final JsonReadSettings settings;
  private transient JsonReaders.RowReader reader;

  /**
   * @throws IllegalArgumentException naming the column when a type cannot be read from JSON (for
   *     example a MAP with non-STRING keys)
   */
  public JsonToRowConverter(Schema schema, JsonReadSettings settings) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.reader = new JsonReaders(settings).row(schema, "");
  }

  /** The schema of the rows produced. */
  public Schema schema() {
    return schema;
  }

  /** The settings this converter was built with. */
  public JsonReadSettings settings() {
    return settings;
  }

  /**
   * Parses a whole message: UTF-8 bytes holding exactly one JSON object.
   *
   * @throws FormatException when the bytes are empty, not valid UTF-8, not one JSON object, or a
   *     value cannot be converted (naming the field path, e.g. {@code obj.lg} or {@code arr[3]})
   */
  public Row parse(byte[] message) throws FormatException {
    if (message.length == 0) {
      throw new FormatException(settings.format(), null, "the message is empty (0 bytes)");
    }
    int invalid = Utf8.firstInvalid(message);
    if (invalid >= 0) {
      throw new FormatException(
          settings.format(), null, "the message is not valid UTF-8 (byte offset " + invalid + ")");
    }
    try (JsonParser p = Jackson.MAPPER.createParser(message)) {
      JsonToken first = p.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new FormatException(
            settings.format(),
            null,
            first == null
                ? "the message holds no JSON value (only whitespace)"
                : "expected a JSON object but the message holds " + ConversionError.describe(p));
      }
      Row row = reader.read(p);
      if (p.nextToken() != null) {
        throw new FormatException(
            settings.format(), null, "unexpected content after the JSON object");
      }
      return row;
    } catch (ConversionError e) {
      throw e.toFormatException(settings.format());
    } catch (IOException e) {
      throw ConversionError.fatal(e).toFormatException(settings.format());
    }
  }

  /**
   * Parses a whole message into a JSON tree, with the checks of {@link #parse(byte[])}: the bytes
   * must be valid UTF-8 holding exactly one JSON object (nesting limited to 1000 levels). Floats
   * are kept as {@link java.math.BigDecimal} when this converter's schema has DECIMAL values (see
   * {@link #objectMapper(Schema)}), so parts of the tree converted with {@link #convert(JsonNode)}
   * lose no digit. For envelopes such as the changelog formats', whose members are converted
   * separately.
   *
   * @throws FormatException when the bytes are empty, not valid UTF-8 or not one JSON object
   */
  public ObjectNode parseObject(byte[] message) throws FormatException {
    if (message.length == 0) {
      throw new FormatException(settings.format(), null, "the message is empty (0 bytes)");
    }
    int invalid = Utf8.firstInvalid(message);
    if (invalid >= 0) {
      throw new FormatException(
          settings.format(), null, "the message is not valid UTF-8 (byte offset " + invalid + ")");
    }
    ObjectMapper mapper = objectMapper(schema);
    try (JsonParser p = mapper.createParser(message)) {
      JsonToken first = p.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new FormatException(
            settings.format(),
            null,
            first == null
                ? "the message holds no JSON value (only whitespace)"
                : "expected a JSON object but the message holds " + ConversionError.describe(p));
      }
      ObjectNode tree = mapper.readTree(p);
      if (p.nextToken() != null) {
        throw new FormatException(
            settings.format(), null, "unexpected content after the JSON object");
      }
      return tree;
    } catch (IOException e) {
      throw ConversionError.fatal(e).toFormatException(settings.format());
    }
  }

  /**
   * Converts an object that is being streamed: {@code parser} is on its {@link
   * JsonToken#START_OBJECT} and is left on the matching {@link JsonToken#END_OBJECT}.
   */
  public Row convert(JsonParser parser) throws FormatException {
    Objects.requireNonNull(parser, "parser");
    try {
      return reader.read(parser);
    } catch (ConversionError e) {
      throw e.toFormatException(settings.format());
    } catch (IOException e) {
      throw ConversionError.fatal(e).toFormatException(settings.format());
    }
  }

  /** Converts a JSON object already parsed into a tree (for example a changelog's "after"). */
  public Row convert(JsonNode object) throws FormatException {
    Objects.requireNonNull(object, "object");
    try (JsonParser p = object.traverse(Jackson.MAPPER)) {
      p.nextToken();
      return convert(p);
    } catch (IOException e) {
      throw ConversionError.fatal(e).toFormatException(settings.format());
    }
  }

  /**
   * A converter of single JSON values to the Beam value of {@code type} (for example a changelog
   * format's metadata field), with the same semantics as the columns of a row.
   *
   * @throws IllegalArgumentException when the type cannot be read from JSON
   */
  public static FieldConverter fieldConverter(FieldType type, JsonReadSettings settings) {
    return new FieldConverter(type, settings);
  }

  /**
   * The shared, configured Jackson mapper to read JSON with (string length unlimited, nesting
   * limited to 1000). Use {@link #objectMapper(Schema)} for trees converted with a schema that has
   * DECIMAL columns.
   */
  public static ObjectMapper objectMapper() {
    return Jackson.MAPPER;
  }

  /**
   * The shared mapper to read trees for {@code schema}: when it has DECIMAL values, floats are kept
   * as {@link java.math.BigDecimal} in the tree so that no digit is lost (as Flink does).
   */
  public static ObjectMapper objectMapper(Schema schema) {
    return hasDecimal(FieldType.row(schema)) ? Jackson.EXACT_MAPPER : Jackson.MAPPER;
  }

  private static boolean hasDecimal(FieldType type) {
    ColumnType column = ColumnType.ofOrNull(type);
    if (column == null) {
      return hasDecimal(type.getLogicalType().getBaseType());
    }
    switch (column.root()) {
      case DECIMAL:
        return true;
      case ROW:
        return type.getRowSchema().getFields().stream().anyMatch(f -> hasDecimal(f.getType()));
      case ARRAY:
        return hasDecimal(type.getCollectionElementType());
      case MAP:
        return hasDecimal(type.getMapValueType());
      default:
        return false;
    }
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    reader = new JsonReaders(settings).row(schema, "");
  }

  /** Converts single JSON values to the Beam value of one type; see {@link #fieldConverter}. */
  public static final class FieldConverter implements Serializable {
    private static final long serialVersionUID = 1L;

    private final FieldType type;
    private final JsonReadSettings settings;
    private transient ValueReader reader;

    private FieldConverter(FieldType type, JsonReadSettings settings) {
      this.type = Objects.requireNonNull(type, "type");
      this.settings = Objects.requireNonNull(settings, "settings");
      this.reader = new JsonReaders(settings).build(type, "value");
    }

    /** The type converted to. */
    public FieldType type() {
      return type;
    }

    /**
     * Converts {@code node}; a missing node ({@code null} or {@link
     * com.fasterxml.jackson.databind.node.MissingNode}) and JSON null give null, or an error when
     * the type is NOT NULL.
     */
    public @Nullable Object convert(@Nullable JsonNode node) throws FormatException {
      if (node == null || node.isMissingNode()) {
        if (Boolean.TRUE.equals(type.getNullable())) {
          return null;
        }
        throw new FormatException(settings.format(), null, "the value is missing and NOT NULL");
      }
      try (JsonParser p = node.traverse(Jackson.MAPPER)) {
        p.nextToken();
        return convert(p);
      } catch (IOException e) {
        throw ConversionError.fatal(e).toFormatException(settings.format());
      }
    }

    /** Converts the value the parser is on, leaving the parser on the value's last token. */
    public @Nullable Object convert(JsonParser parser) throws FormatException {
      if (parser.currentToken() == null) {
        throw new FormatException(
            settings.format(), null, "the parser is not on a value (call nextToken() first)");
      }
      try {
        return reader.read(parser);
      } catch (ConversionError e) {
        throw e.toFormatException(settings.format());
      } catch (IOException e) {
        throw ConversionError.fatal(e).toFormatException(settings.format());
      }
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
      in.defaultReadObject();
      reader = new JsonReaders(settings).build(type, "value");
    }
  }
}
