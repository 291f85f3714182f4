package dev.kafkaconnector.formats.cdc.debezium;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangelogEncoder;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.json.JsonWriteSettings;
import java.io.IOException;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes Debezium change events {@code {"before": ..., "after": ..., "op": ...}} as Flink 1.19's
 * {@code DebeziumJsonSerializationSchema}: {@code +I} and {@code +U} as {@code "op": "c"} with
 * {@code after}, {@code -U} and {@code -D} as {@code "op": "d"} with {@code before}; {@link
 * #encodeUpdate} writes {@code "op": "u"} with both images. With the schema envelope, the event is
 * the {@code payload} next to its Kafka Connect {@code schema} ({@link DebeziumConnectSchema}).
 */
final class DebeziumJsonEncoder extends ChangelogEncoder {
  private static final long serialVersionUID = 1L;

  private final @Nullable String connectSchema;

  DebeziumJsonEncoder(Schema schema, JsonWriteSettings settings, boolean includeSchema) {
    super(schema, settings);
    this.connectSchema = includeSchema ? DebeziumConnectSchema.of(dataSchema()) : null;
  }

  @Override
  protected void writeChange(RowKind kind, Row data, JsonGenerator g)
      throws IOException, FormatException {
    boolean insert = kind == RowKind.INSERT || kind == RowKind.UPDATE_AFTER;
    write(insert ? null : data, insert ? data : null, insert ? "c" : "d", g);
  }

  @Override
  protected void writeUpdate(Row before, Row after, JsonGenerator g)
      throws IOException, FormatException {
    write(before, after, "u", g);
  }

  private void write(@Nullable Row before, @Nullable Row after, String op, JsonGenerator g)
      throws IOException, FormatException {
    if (connectSchema != null) {
      g.writeFieldName("schema");
      g.writeRawValue(connectSchema);
      g.writeFieldName("payload");
      g.writeStartObject();
    }
    image("before", before, g);
    image("after", after, g);
    g.writeStringField("op", op);
    if (connectSchema != null) {
      g.writeEndObject();
    }
  }

  private void image(String name, @Nullable Row row, JsonGenerator g)
      throws IOException, FormatException {
    if (row == null) {
      g.writeNullField(name);
    } else {
      writeRow(name, row, g);
    }
  }
}
