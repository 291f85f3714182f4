package dev.kafkaconnector.formats.cdc.maxwell;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangeEnvelope;
import dev.kafkaconnector.formats.cdc.RawChange;
import dev.kafkaconnector.schema.change.DataChangeEvent.Op;
import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import java.util.Locale;

/**
 * Maxwell: {@code {"database", "table", "type": "insert" | "update" | "delete", "data", "old",
 * "primary_key_columns"}}; the before image of an update is {@code data} with the members of {@code
 * old} put back. Other types (Maxwell's bootstrap markers, DDL) hold no row change.
 */
public final class MaxwellEnvelope implements ChangeEnvelope {
  private static final long serialVersionUID = 1L;
  private static final String FORMAT = "maxwell-json";

  @Override
  public String format() {
    return FORMAT;
  }

  @Override
  public void read(ObjectNode message, String topic, List<RawChange> out) throws FormatException {
    String type = ChangeEnvelope.text(message, "type", FORMAT).toLowerCase(Locale.ROOT);
    Op op =
        switch (type) {
          case "insert", "bootstrap-insert" -> Op.INSERT;
          case "update" -> Op.UPDATE;
          case "delete" -> Op.DELETE;
          default -> null;
        };
    if (op == null) {
      return;
    }
    TableId table =
        TableId.of(
            ChangeEnvelope.text(message, "database", FORMAT),
            ChangeEnvelope.text(message, "table", FORMAT));
    ObjectNode data = ChangeEnvelope.object(message, "data", FORMAT);
    if (data == null) {
      throw new FormatException(FORMAT, "data", "a '" + type + "' message has no 'data' object");
    }
    List<String> key = ChangeEnvelope.strings(message, "primary_key_columns");
    switch (op) {
      case INSERT -> out.add(new RawChange(table, op, null, data, key, null));
      case DELETE -> out.add(new RawChange(table, op, data, null, key, null));
      default -> {
        ObjectNode old = ChangeEnvelope.object(message, "old", FORMAT);
        ObjectNode before = null;
        if (old != null) {
          before = data.deepCopy();
          before.setAll(old);
        }
        out.add(new RawChange(table, op, before, data, key, null));
      }
    }
  }
}
