package dev.kafkaconnector.formats.cdc.canal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangeEnvelope;
import dev.kafkaconnector.formats.cdc.RawChange;
import dev.kafkaconnector.schema.change.DataChangeEvent.Op;
import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Canal: {@code {"data": [...], "old": [...], "type": "INSERT" | "UPDATE" | "DELETE", "database",
 * "table", "pkNames", "sqlType", "mysqlType", "isDdl"}}; each element of {@code data} is one row
 * change (values are usually strings; the column types convert them), the before image of an update
 * is the row with the members of the matching {@code old} element put back. DDL messages and other
 * types hold no row change. With SQL_TYPE / MYSQL_TYPE the message's type maps declare the column
 * types ({@link CanalDeclaredTypes}).
 */
public final class CanalEnvelope implements ChangeEnvelope {
  private static final long serialVersionUID = 1L;
  private static final String FORMAT = "canal-json";

  private final CanalDeclaredTypes types;
  private final @Nullable Pattern database;
  private final @Nullable Pattern table;

  public CanalEnvelope(
      CanalTypeStrategy strategy,
      boolean tinyint1AsBoolean,
      boolean timestampAsDatetime,
      @Nullable Pattern database,
      @Nullable Pattern table) {
    this.types = new CanalDeclaredTypes(strategy, tinyint1AsBoolean, timestampAsDatetime);
    this.database = database;
    this.table = table;
  }

  @Override
  public String format() {
    return FORMAT;
  }

  @Override
  public void read(ObjectNode message, String topic, List<RawChange> out) throws FormatException {
    JsonNode ddl = message.get("isDdl");
    if (ddl != null && ddl.asBoolean(false)) {
      return;
    }
    String type = ChangeEnvelope.text(message, "type", FORMAT).toUpperCase(Locale.ROOT);
    Op op =
        switch (type) {
          case "INSERT" -> Op.INSERT;
          case "UPDATE" -> Op.UPDATE;
          case "DELETE" -> Op.DELETE;
          default -> null;
        };
    if (op == null) {
      return;
    }
    String db = ChangeEnvelope.text(message, "database", FORMAT);
    String name = ChangeEnvelope.text(message, "table", FORMAT);
    if ((database != null && !database.matcher(db).matches())
        || (table != null && !table.matcher(name).matches())) {
      return;
    }
    TableId id = TableId.of(db, name);
    JsonNode data = message.get("data");
    if (data == null || !data.isArray()) {
      throw new FormatException(FORMAT, "data", "a " + type + " message has no 'data' array");
    }
    JsonNode old = message.get("old");
    List<String> key = ChangeEnvelope.strings(message, "pkNames");
    Schema declared = types.of(message);
    ArrayNode rows = (ArrayNode) data;
    for (int i = 0; i < rows.size(); i++) {
      JsonNode row = rows.get(i);
      if (!row.isObject()) {
        throw new FormatException(FORMAT, "data", "element " + i + " of 'data' is not an object");
      }
      ObjectNode image = (ObjectNode) row;
      booleans(image, declared);
      switch (op) {
        case INSERT -> out.add(new RawChange(id, op, null, image, key, declared));
        case DELETE -> out.add(new RawChange(id, op, image, null, key, declared));
        default -> {
          ObjectNode before = null;
          if (old != null && old.isArray() && i < old.size() && old.get(i).isObject()) {
            before = image.deepCopy();
            before.setAll((ObjectNode) old.get(i));
            booleans(before, declared);
          }
          out.add(new RawChange(id, op, before, image, key, declared));
        }
      }
    }
  }

  /**
   * Canal writes a MySQL {@code tinyint(1)} or {@code bit(1)} value as {@code "1"} / {@code "0"}:
   * where the type map declares the column BOOLEAN, such a value (text or number) becomes {@code
   * true} / {@code false}, so that the declared type reads it.
   */
  private static void booleans(ObjectNode image, @Nullable Schema declared) {
    if (declared == null) {
      return;
    }
    for (Schema.Field field : declared.getFields()) {
      if (field.getType().getTypeName() != Schema.TypeName.BOOLEAN) {
        continue;
      }
      JsonNode value = image.get(field.getName());
      if (value != null && (value.isTextual() || value.isNumber())) {
        String text = value.asText().trim();
        if (text.equals("1") || text.equals("0")) {
          image.put(field.getName(), text.equals("1"));
        }
      }
    }
  }
}
