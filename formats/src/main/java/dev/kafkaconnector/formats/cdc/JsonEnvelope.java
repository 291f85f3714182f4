package dev.kafkaconnector.formats.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.List;

/**
 * Plain JSON: each message is an insert of one row, of the table named by the values of {@code
 * json.decode.parser-table-id.fields} ({@code db,tbl} gives {@code a.b}), or by the topic.
 */
public final class JsonEnvelope implements ChangeEnvelope {
  private static final long serialVersionUID = 1L;

  private final List<String> tableIdFields;

  public JsonEnvelope(List<String> tableIdFields) {
    if (tableIdFields.size() > 3) {
      throw new IllegalArgumentException(
          "Option 'json.decode.parser-table-id.fields' names "
              + tableIdFields.size()
              + " fields, but a table id has at most 3 parts (namespace, schema, table)");
    }
    this.tableIdFields = List.copyOf(tableIdFields);
  }

  @Override
  public String format() {
    return "json";
  }

  @Override
  public void read(ObjectNode message, String topic, List<RawChange> out) throws FormatException {
    out.add(
        new RawChange(
            tableId(message, topic), DataChangeEvent.Op.INSERT, null, message, List.of(), null));
  }

  /**
   * The table of a tombstone: from the key's members when it has the table-id fields, else the
   * topic.
   */
  public TableId tableIdOfKey(ObjectNode key, String topic) throws FormatException {
    for (String field : tableIdFields) {
      if (!key.hasNonNull(field)) {
        return TableId.of(topic);
      }
    }
    return tableId(key, topic);
  }

  TableId tableId(ObjectNode message, String topic) throws FormatException {
    if (tableIdFields.isEmpty()) {
      return TableId.of(topic);
    }
    List<String> parts = new ArrayList<>(tableIdFields.size());
    for (String field : tableIdFields) {
      JsonNode value = message.get(field);
      if (value == null || value.isNull() || !value.isValueNode() || value.asText().isEmpty()) {
        throw new FormatException(
            "json",
            field,
            "the table id field '"
                + field
                + "' (json.decode.parser-table-id.fields) is missing,"
                + " null or empty");
      }
      parts.add(value.asText());
    }
    return TableId.ofParts(parts);
  }
}
