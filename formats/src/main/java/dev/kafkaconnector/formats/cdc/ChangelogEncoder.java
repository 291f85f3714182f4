package dev.kafkaconnector.formats.cdc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import dev.kafkaconnector.formats.json.JsonWriteSettings;
import dev.kafkaconnector.formats.json.RowToJsonConverter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The shared part of the JSON changelog encoders. Beam rows carry no change kind, so the contract
 * is: every row is written as an insert, unless the schema has a STRING column named {@code
 * row-kind} (the decoders' {@link FormatMetadata#ROW_KIND} metadata key) holding {@code +I}, {@code
 * -U}, {@code +U} or {@code -D}; that column then drives the envelope and is not written as data.
 * As in Flink 1.19, {@code +I} and {@code +U} are written as inserts and {@code -U} and {@code -D}
 * as deletes (a reader that applies them in order ends with the right state); {@link #encodeUpdate}
 * writes a real update message.
 *
 * <p>One instance is used by one thread at a time (it reuses an output buffer). Serializable; the
 * JSON writers are rebuilt after deserialization.
 */
public abstract class ChangelogEncoder implements TableChangeEncoder {
  private static final long serialVersionUID = 1L;

  protected final String format;
  private final Schema schema;
  private final int kindIndex;
  private final Schema dataSchema;
  private final int @Nullable [] dataIndexes;
  private final Map<String, Integer> writtenIndexes;
  private final RowToJsonConverter converter;

  /** The full row being encoded, for {@link #written}; null outside of an encode call. */
  private transient @Nullable Row encoding;

  private transient @Nullable ByteArrayBuilder buffer;

  /**
   * @throws IllegalArgumentException when a {@code row-kind} column is not a STRING, or a column
   *     cannot be written as JSON
   */
  protected ChangelogEncoder(Schema schema, JsonWriteSettings settings) {
    this(schema, settings, List.of());
  }

  /**
   * An encoder whose schema may also hold columns {@link FormatMetadata#WRITE_PREFIX}{@code <key>}
   * for the given writable metadata keys: they are not written as data, and the envelope reads them
   * with {@link #written}.
   *
   * @throws IllegalArgumentException when a {@code row-kind} column is not a STRING, or a column
   *     cannot be written as JSON
   */
  protected ChangelogEncoder(Schema schema, JsonWriteSettings settings, List<String> writableKeys) {
    this.format = settings.format();
    this.schema = schema;
    String kind = FormatMetadata.ROW_KIND;
    this.kindIndex = schema.hasField(kind) ? schema.indexOf(kind) : -1;
    if (kindIndex >= 0 && schema.getField(kindIndex).getType().getTypeName() != TypeName.STRING) {
      throw new IllegalArgumentException(
          "Format '"
              + format
              + "' column '"
              + kind
              + "': the change kind column must be a STRING (+I, -U, +U or -D), not "
              + schema.getField(kindIndex).getType());
    }
    Map<String, Integer> written = new HashMap<>();
    for (String key : writableKeys) {
      String column = FormatMetadata.WRITE_PREFIX + key;
      if (schema.hasField(column)) {
        written.put(key, schema.indexOf(column));
      }
    }
    this.writtenIndexes = Map.copyOf(written);
    if (kindIndex >= 0 || !written.isEmpty()) {
      Schema.Builder data = Schema.builder();
      List<Integer> indexes = new ArrayList<>();
      for (int i = 0; i < schema.getFieldCount(); i++) {
        if (i != kindIndex && !written.containsValue(i)) {
          data.addField(schema.getField(i));
          indexes.add(i);
        }
      }
      this.dataSchema = data.build();
      this.dataIndexes = indexes.stream().mapToInt(Integer::intValue).toArray();
    } else {
      this.dataSchema = schema;
      this.dataIndexes = null;
    }
    this.converter = new RowToJsonConverter(dataSchema, settings);
  }

  /**
   * The value of the written metadata {@code key} of the row being encoded (the after image of an
   * update); null when the schema has no such column, or when the change came without it ({@link
   * #encode(RowKind, Row)}).
   */
  protected final @Nullable Object written(String key) {
    Integer index = writtenIndexes.get(key);
    Row row = encoding;
    return index == null || row == null ? null : row.getValue(index);
  }

  /** The schema the encoder was created for (with its {@code row-kind} column, if any). */
  protected final Schema schema() {
    return schema;
  }

  /** The JSON settings the encoder was created with. */
  protected final JsonWriteSettings settings() {
    return converter.settings();
  }

  @Override
  public abstract ChangelogEncoder forTable(SourceTable table);

  /** The columns written as data (the schema without its {@code row-kind} column). */
  public final Schema dataSchema() {
    return dataSchema;
  }

  /** Writes the members of the envelope of one change of {@code kind} (inside its object). */
  protected abstract void writeChange(RowKind kind, Row data, JsonGenerator g)
      throws IOException, FormatException;

  /** Writes the members of the envelope of an update (inside its object). */
  protected abstract void writeUpdate(Row before, Row after, JsonGenerator g)
      throws IOException, FormatException;

  @Override
  public final byte[] encode(Row row) throws FormatException {
    RowKind kind = RowKind.INSERT;
    if (kindIndex >= 0) {
      Object value = row.getValue(kindIndex);
      kind = value instanceof String ? RowKind.ofSymbol((String) value) : null;
      if (kind == null) {
        throw new FormatException(
            format,
            FormatMetadata.ROW_KIND,
            "expected the change kind +I, -U, +U or -D but found "
                + (value == null ? "null" : "'" + value + "'"));
      }
    }
    RowKind change = kind;
    Row data = data(row);
    encoding = row;
    try {
      return write(g -> writeChange(change, data, g));
    } finally {
      encoding = null;
    }
  }

  /**
   * Encodes one change of {@code kind} of {@code data}, a row of {@link #dataSchema()} (a writer
   * that knows the change kind, such as the CDC sink, needs no {@code row-kind} column).
   */
  @Override
  public final byte[] encode(RowKind kind, Row data) throws FormatException {
    return write(g -> writeChange(kind, data, g));
  }

  @Override
  public final byte[] encodeUpdate(Row before, Row after) throws FormatException {
    Row old = data(before);
    Row now = data(after);
    encoding = after;
    try {
      return write(g -> writeUpdate(old, now, g));
    } finally {
      encoding = null;
    }
  }

  /** Writes {@code data} as the object member {@code name}, or as a value when name is null. */
  protected final void writeRow(@Nullable String name, Row data, JsonGenerator g)
      throws IOException, FormatException {
    if (name != null) {
      g.writeFieldName(name);
    }
    converter.write(data, g);
  }

  /** {@code before} as an object holding only the columns whose value differs in {@code after}. */
  protected final ObjectNode changedColumns(Row before, Row after) throws FormatException {
    ObjectNode node = converter.toObjectNode(before);
    for (int i = 0; i < dataSchema.getFieldCount(); i++) {
      Schema.Field field = dataSchema.getField(i);
      if (Row.Equals.deepEquals(before.getValue(i), after.getValue(i), field.getType())) {
        node.remove(field.getName());
      }
    }
    return node;
  }

  private Row data(Row row) {
    int[] indexes = dataIndexes;
    if (indexes == null) {
      return row;
    }
    List<Object> values = new ArrayList<>(indexes.length);
    for (int index : indexes) {
      values.add(row.getValue(index));
    }
    return Row.withSchema(dataSchema).attachValues(values);
  }

  @FunctionalInterface
  private interface Body {
    void write(JsonGenerator g) throws IOException, FormatException;
  }

  private byte[] write(Body body) throws FormatException {
    ByteArrayBuilder out = buffer;
    if (out == null) {
      out = new ByteArrayBuilder(256);
      buffer = out;
    }
    out.reset();
    try {
      try (JsonGenerator g = JsonToRowConverter.objectMapper().getFactory().createGenerator(out)) {
        if (converter.settings().decimalAsPlainNumber()) {
          g.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
        }
        g.writeStartObject();
        body.write(g);
        g.writeEndObject();
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw new FormatException(format, null, "cannot write JSON: " + e, e);
    } finally {
      if (out.size() > 1 << 20) {
        buffer = null; // do not keep a huge buffer alive after a huge row
      }
    }
  }
}
