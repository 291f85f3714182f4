package dev.kafkaconnector.formats.cdc.canal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangelogDecoder;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes Canal messages ({@code {"data": [...], "old": [...], "type": "UPDATE", "database": ...,
 * "table": ..., ...}}) as Flink 1.19's {@code CanalJsonDeserializationSchema}: each element of
 * {@code data} is one row (values may be strings, converted to the column types); {@code INSERT}
 * gives {@code +I}, {@code DELETE} gives {@code -D}, {@code UPDATE} gives, per row, {@code -U} (the
 * row with the columns of the matching {@code old} element replaced by their old values) then
 * {@code +U}. Messages whose {@code database} / {@code table} do not match {@code
 * canal-json.database.include} / {@code canal-json.table.include} are skipped.
 *
 * <p>DDL messages ({@code "isDdl": true}, or Flink's {@code "type": "CREATE"}) are skipped by
 * design and counted in {@code canal-json.ddl-skipped}. Differences from Flink: an UPDATE row
 * without an {@code old} element gives only its {@code +U} (Flink fails the message); the old
 * values of a row are taken from its own {@code old} element (Flink looks a column up across all of
 * them); a message without {@code database} or {@code table} while the matching filter is set fails
 * naming the field.
 */
final class CanalJsonDecoder extends ChangelogDecoder {
  private static final long serialVersionUID = 1L;

  private final @Nullable Pattern database;
  private final @Nullable Pattern table;

  CanalJsonDecoder(
      JsonToRowConverter physical,
      Schema produced,
      List<String> metadataKeys,
      @Nullable Pattern database,
      @Nullable Pattern table,
      boolean appendMode) {
    super(
        physical,
        produced,
        metadataKeys,
        key -> CanalMetadata.reader(key, physical.settings()),
        appendMode,
        false);
    this.database = database;
    this.table = table;
  }

  @Override
  protected void read(ObjectNode envelope, Changes out) throws FormatException {
    if (!included(envelope, "database", database) || !included(envelope, "table", table)) {
      return;
    }
    if (isDdl(envelope)) {
      out.skip(DDL_SKIPPED);
      return;
    }
    String type = text(envelope, "type");
    if (type == null) {
      throw new FormatException(format, "type", "missing: a Canal message names its change type");
    }
    switch (type) {
      case "INSERT":
        emitAll(envelope, RowKind.INSERT, out);
        break;
      case "DELETE":
        emitAll(envelope, RowKind.DELETE, out);
        break;
      case "UPDATE":
        emitUpdates(envelope, out);
        break;
      case "CREATE":
        // Flink's rule for DDL messages without isDdl
        out.skip(DDL_SKIPPED);
        break;
      default:
        throw new FormatException(
            format,
            "type",
            "unknown change type '"
                + type
                + "' (expected INSERT, UPDATE or DELETE; DDL messages have \"isDdl\": true and"
                + " are skipped)");
    }
  }

  private void emitAll(ObjectNode envelope, RowKind kind, Changes out) throws FormatException {
    ArrayNode data = data(envelope);
    for (int i = 0; i < data.size(); i++) {
      out.add(kind, convert(data.get(i), "data[" + i + "]"));
    }
  }

  private void emitUpdates(ObjectNode envelope, Changes out) throws FormatException {
    ArrayNode data = data(envelope);
    JsonNode old = envelope.get("old");
    if (old != null && !old.isNull() && !old.isArray()) {
      throw new FormatException(
          format, "old", "expected a JSON array of old values but found " + old.getNodeType());
    }
    for (int i = 0; i < data.size(); i++) {
      String member = "data[" + i + "]";
      Row after = convert(data.get(i), member);
      JsonNode previous = old == null ? null : old.get(i);
      if (out.wantsBeforeImages() && previous != null && !previous.isNull()) {
        out.add(
            RowKind.UPDATE_BEFORE,
            mergeBefore((ObjectNode) data.get(i), previous, "old[" + i + "]"));
      }
      out.add(RowKind.UPDATE_AFTER, after);
    }
  }

  private ArrayNode data(ObjectNode envelope) throws FormatException {
    JsonNode data = envelope.get("data");
    if (data == null || data.isNull()) {
      throw new FormatException(
          format,
          "data",
          "missing: an INSERT, UPDATE or DELETE message carries its rows in \"data\"");
    }
    if (!data.isArray()) {
      throw new FormatException(
          format, "data", "expected a JSON array of rows but found " + data.getNodeType());
    }
    return (ArrayNode) data;
  }

  private boolean isDdl(ObjectNode envelope) throws FormatException {
    JsonNode ddl = envelope.get("isDdl");
    if (ddl == null || ddl.isNull()) {
      return false;
    }
    if (!ddl.isBoolean()) {
      throw new FormatException(format, "isDdl", "expected true or false but found " + ddl);
    }
    return ddl.booleanValue();
  }

  private boolean included(ObjectNode envelope, String member, @Nullable Pattern pattern)
      throws FormatException {
    if (pattern == null) {
      return true;
    }
    String name = text(envelope, member);
    if (name == null) {
      throw new FormatException(
          format,
          member,
          "missing, but needed by '" + CanalJsonOptions.FORMAT + "." + member + ".include'");
    }
    return pattern.matcher(name).matches();
  }
}
