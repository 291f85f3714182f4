package dev.kafkaconnector.formats.cdc.debezium;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangeEnvelope;
import dev.kafkaconnector.formats.cdc.RawChange;
import dev.kafkaconnector.schema.change.DataChangeEvent.Op;
import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Debezium: {@code {"before", "after", "op": "c" | "r" | "u" | "d", "source": {"db", "schema",
 * "table"}}}, or the same inside {@code "payload"} next to its Kafka Connect {@code "schema"} with
 * {@code debezium-json.schema-include}, whose types then declare the columns ({@link
 * DebeziumDeclaredTypes}). The table id is {@code source.db.source.table}, with {@code
 * source.schema} between them when the message has one (three parts, as the sink's {@code
 * debezium-json.emit.full-table-id.enabled} writes). Other operations (truncate, messages) hold no
 * row change.
 */
public final class DebeziumEnvelope implements ChangeEnvelope {
  private static final long serialVersionUID = 1L;
  private static final String FORMAT = "debezium-json";

  private final boolean schemaInclude;
  private final DebeziumDeclaredTypes types = new DebeziumDeclaredTypes();

  public DebeziumEnvelope(boolean schemaInclude) {
    this.schemaInclude = schemaInclude;
  }

  @Override
  public String format() {
    return FORMAT;
  }

  @Override
  public void read(ObjectNode message, String topic, List<RawChange> out) throws FormatException {
    ObjectNode payload = message;
    Schema declared = null;
    if (schemaInclude) {
      payload = ChangeEnvelope.object(message, "payload", FORMAT);
      if (payload == null) {
        throw new FormatException(
            FORMAT,
            "payload",
            "debezium-json.schema-include is true but the message has no 'payload' object"
                + " (set it to false for messages without the Kafka Connect envelope)");
      }
      ObjectNode schema = ChangeEnvelope.object(message, "schema", FORMAT);
      declared = schema == null ? null : types.of(schema);
    }
    String op = ChangeEnvelope.text(payload, "op", FORMAT);
    Op kind =
        switch (op) {
          case "c", "r" -> Op.INSERT;
          case "u" -> Op.UPDATE;
          case "d" -> Op.DELETE;
          default -> null;
        };
    if (kind == null) {
      return;
    }
    ObjectNode source = ChangeEnvelope.object(payload, "source", FORMAT);
    if (source == null) {
      throw new FormatException(FORMAT, "source", "the message has no 'source' object");
    }
    TableId table = tableId(source);
    ObjectNode before = ChangeEnvelope.object(payload, "before", FORMAT);
    ObjectNode after = ChangeEnvelope.object(payload, "after", FORMAT);
    if (declared != null) {
      types.normalize(before);
      types.normalize(after);
    }
    switch (kind) {
      case INSERT ->
          out.add(
              new RawChange(table, kind, null, require(after, "after", op), List.of(), declared));
      case DELETE ->
          out.add(
              new RawChange(table, kind, require(before, "before", op), null, List.of(), declared));
      default ->
          out.add(
              new RawChange(table, kind, before, require(after, "after", op), List.of(), declared));
    }
  }

  private static ObjectNode require(@Nullable ObjectNode image, String field, String op)
      throws FormatException {
    if (image == null) {
      throw new FormatException(
          FORMAT, field, "an op '" + op + "' message has no '" + field + "' image");
    }
    return image;
  }

  private static TableId tableId(ObjectNode source) throws FormatException {
    String table = ChangeEnvelope.text(source, "table", FORMAT);
    String db = ChangeEnvelope.optionalText(source, "db");
    String schema = ChangeEnvelope.optionalText(source, "schema");
    if (db != null && schema != null) {
      return TableId.of(db, schema, table);
    }
    String first = db != null ? db : schema;
    if (first == null) {
      throw new FormatException(
          FORMAT, "source.db", "the message's source has no 'db' (nor 'schema')");
    }
    return TableId.of(first, table);
  }

  /** Whether a parsed value is this format's null image. */
  static boolean isNull(@Nullable JsonNode node) {
    return node == null || node.isNull();
  }
}
