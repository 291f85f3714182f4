package dev.kafkaconnector.formats.cdc.debezium;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangelogDecoder;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * Decodes Debezium change events ({@code {"before": {...}, "after": {...}, "op": "u", ...}}, or the
 * same inside {@code "payload"} with {@code debezium-json.schema-include}), as Flink 1.19's {@code
 * DebeziumJsonDeserializationSchema}: {@code c} (create) and {@code r} (snapshot read) give {@code
 * +I} of {@code after}; {@code u} gives {@code -U} of {@code before} then {@code +U} of {@code
 * after}; {@code d} gives {@code -D} of {@code before}.
 *
 * <p>Differences from Flink, all reported rather than silent: an update whose {@code before} is
 * null (a PostgreSQL table without REPLICA IDENTITY FULL) gives only its {@code +U} (Flink fails
 * the message); a delete without {@code before} fails naming the field; a null message, which
 * Debezium writes after each delete for log compaction, is skipped by design and counted in {@code
 * debezium-json.tombstones-skipped} (Flink skips it silently); an unknown {@code op} or a message
 * with the wrong envelope for {@code debezium-json.schema-include} fails naming the field and
 * saying which setting fits.
 */
final class DebeziumJsonDecoder extends ChangelogDecoder {
  private static final long serialVersionUID = 1L;

  private final boolean schemaInclude;
  private final String prefix;

  DebeziumJsonDecoder(
      JsonToRowConverter physical,
      Schema produced,
      List<String> metadataKeys,
      boolean schemaInclude,
      boolean appendMode) {
    super(
        physical,
        produced,
        metadataKeys,
        key -> DebeziumMetadata.reader(key, physical.settings(), schemaInclude),
        appendMode,
        true);
    this.schemaInclude = schemaInclude;
    this.prefix = schemaInclude ? "payload." : "";
  }

  @Override
  protected void read(ObjectNode envelope, Changes out) throws FormatException {
    ObjectNode payload = payload(envelope);
    String op = opOf(envelope, payload);
    switch (op) {
      case "c":
      case "r":
        out.add(RowKind.INSERT, image(payload, "after"));
        break;
      case "u":
        JsonNode before = payload.get("before");
        Row after = image(payload, "after");
        if (out.wantsBeforeImages() && before != null && !before.isNull()) {
          out.add(RowKind.UPDATE_BEFORE, image(payload, "before"));
        }
        out.add(RowKind.UPDATE_AFTER, after);
        break;
      case "d":
        JsonNode deleted = payload.get("before");
        if (deleted == null || deleted.isNull()) {
          throw new FormatException(
              format,
              prefix + "before",
              "a delete (\"op\": \"d\") needs the row's before image, but it is null; with the"
                  + " Debezium PostgreSQL connector, set REPLICA IDENTITY FULL on the table");
        }
        out.add(RowKind.DELETE, image(payload, "before"));
        break;
      default:
        throw new FormatException(
            format, prefix + "op", "unknown change type '" + op + "' (expected c, r, u or d)");
    }
  }

  private Row image(ObjectNode payload, String member) throws FormatException {
    return convert(payload.get(member), prefix + member);
  }

  private ObjectNode payload(ObjectNode envelope) throws FormatException {
    if (!schemaInclude) {
      return envelope;
    }
    JsonNode payload = envelope.get("payload");
    if (payload != null && payload.isObject()) {
      return (ObjectNode) payload;
    }
    if (payload == null && envelope.has("op")) {
      throw new FormatException(
          format,
          "payload",
          "missing: the message is a bare change event without the schema/payload envelope; set"
              + " '"
              + DebeziumJsonOptions.SCHEMA_INCLUDE.key()
              + "' = 'false' to read it");
    }
    throw new FormatException(
        format,
        "payload",
        payload == null
            ? "missing: expected the Kafka Connect envelope {\"schema\": ..., \"payload\": ...}"
            : "expected a JSON object but found " + payload.getNodeType());
  }

  private String opOf(ObjectNode envelope, ObjectNode payload) throws FormatException {
    JsonNode op = payload.get("op");
    if (op != null && op.isTextual()) {
      return op.textValue();
    }
    if (op != null && !op.isNull()) {
      throw new FormatException(
          format, prefix + "op", "expected a string but found " + op.getNodeType());
    }
    if (!schemaInclude && envelope.has("payload") && envelope.has("schema")) {
      throw new FormatException(
          format,
          "op",
          "missing: the message has the Kafka Connect schema/payload envelope; set '"
              + DebeziumJsonOptions.SCHEMA_INCLUDE.key()
              + "' = 'true' to read it");
    }
    throw new FormatException(
        format, prefix + "op", "missing: a Debezium change event names its change type in \"op\"");
  }
}
