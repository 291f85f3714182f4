package dev.kafkaconnector.formats.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import dev.kafkaconnector.formats.FormatException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes Beam {@link Row}s of one schema as JSON objects, with Flink 1.19 flink-json's forms (the
 * mirror of {@link JsonToRowConverter}): numbers for numeric types, base64 strings for BYTES, DATE
 * {@code yyyy-MM-dd}, TIME {@code HH:mm:ss[.fraction]}, TIMESTAMP and TIMESTAMP_LTZ (in UTC, with
 * {@code Z}) in the {@link TimestampFormat} of the settings, objects for ROW and MAP, arrays for
 * ARRAY. Null fields are JSON null unless {@code ignoreNullFields}; null MAP keys follow {@link
 * MapNullKeyMode}; DECIMAL values are plain numbers when {@code decimalAsPlainNumber}.
 *
 * <p>Build it once per schema. {@link #toBytes(Row)} reuses an output buffer, so one instance must
 * be used by one thread at a time. Serializable (the writers are rebuilt after deserialization).
 */
public final class RowToJsonConverter implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Schema schema;
  private final JsonWriteSettings settings;
  private transient JsonWriters.ValueWriter writer;
  private transient @Nullable ByteArrayBuilder buffer;

  /**
   * @throws IllegalArgumentException naming the column when a type cannot be written as JSON (for
   *     example a MAP with non-STRING keys)
   */
  public RowToJsonConverter(Schema schema, JsonWriteSettings settings) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.writer = new JsonWriters(settings).row(schema, "");
  }

  /** The schema of the rows written. */
  public Schema schema() {
    return schema;
  }

  /** The settings this converter was built with. */
  public JsonWriteSettings settings() {
    return settings;
  }

  /**
   * The UTF-8 JSON text of {@code row}.
   *
   * @throws FormatException naming the field when a value cannot be written (a null MAP key with
   *     mode FAIL, a value of the wrong Java class)
   */
  public byte[] toBytes(Row row) throws FormatException {
    ByteArrayBuilder out = buffer;
    if (out == null) {
      out = new ByteArrayBuilder(256);
      buffer = out;
    }
    out.reset();
    try {
      try (JsonGenerator g = Jackson.FACTORY.createGenerator(out)) {
        write(row, g);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new FormatException(settings.format(), null, "cannot write JSON: " + e, e);
    } finally {
      if (out.size() > 1 << 20) {
        buffer = null; // do not keep a huge buffer alive after a huge row
      }
    }
  }

  /**
   * Writes {@code row} as an object to {@code generator} (for example as one member of a changelog
   * envelope). Enables {@link JsonGenerator.Feature#WRITE_BIGDECIMAL_AS_PLAIN} on the generator
   * when the settings ask for plain decimals.
   *
   * @throws FormatException naming the field when a value cannot be written
   * @throws IOException when the generator fails
   */
  public void write(Row row, JsonGenerator generator) throws FormatException, IOException {
    if (settings.decimalAsPlainNumber()) {
      generator.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
    }
    try {
      writer.write(generator, row);
    } catch (ConversionError e) {
      throw e.toFormatException(settings.format());
    }
  }

  /**
   * {@code row} as a tree. Serialize trees holding it with {@link #toBytes(JsonNode)} so that the
   * decimal setting applies.
   *
   * @throws FormatException naming the field when a value cannot be written
   */
  public ObjectNode toObjectNode(Row row) throws FormatException {
    try (TokenBuffer tokens = new TokenBuffer(Jackson.MAPPER, false)) {
      write(row, tokens);
      return (ObjectNode) Jackson.MAPPER.readTree(tokens.asParser(Jackson.MAPPER));
    } catch (IOException e) {
      throw new FormatException(settings.format(), null, "cannot build a JSON tree: " + e, e);
    }
  }

  /** The UTF-8 JSON text of any tree, with this converter's decimal setting. */
  public byte[] toBytes(JsonNode tree) throws FormatException {
    try {
      com.fasterxml.jackson.databind.ObjectWriter w = Jackson.MAPPER.writer();
      if (settings.decimalAsPlainNumber()) {
        w = w.with(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
      }
      return w.writeValueAsBytes(tree);
    } catch (IOException e) {
      throw new FormatException(settings.format(), null, "cannot write JSON: " + e, e);
    }
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    writer = new JsonWriters(settings).row(schema, "");
  }
}
