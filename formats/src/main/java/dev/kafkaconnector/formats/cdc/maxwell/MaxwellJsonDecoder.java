package dev.kafkaconnector.formats.cdc.maxwell;

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
 * Decodes Maxwell messages ({@code {"database": ..., "table": ..., "type": "update", "ts": ...,
 * "data": {...}, "old": {...}}}) as Flink 1.19's {@code MaxwellJsonDeserializationSchema}: {@code
 * insert} gives {@code +I} of {@code data}; {@code update} gives {@code -U} ({@code data} with the
 * columns present in {@code old} replaced by their old values) then {@code +U} of {@code data};
 * {@code delete} gives {@code -D} of {@code data}.
 *
 * <p>Beyond Flink: {@code bootstrap-insert} (Maxwell's snapshot rows) gives {@code +I}; DDL
 * messages ({@code database-*} and {@code table-*} types, with Maxwell's {@code output_ddl}) and
 * the bootstrap markers {@code bootstrap-start} / {@code bootstrap-complete} hold no row and are
 * skipped by design, counted in {@code maxwell-json.ddl-skipped}; an update without {@code old}
 * gives only its {@code +U}. Any other type fails naming the field {@code type}.
 */
final class MaxwellJsonDecoder extends ChangelogDecoder {
  private static final long serialVersionUID = 1L;

  MaxwellJsonDecoder(
      JsonToRowConverter physical, Schema produced, List<String> metadataKeys, boolean appendMode) {
    super(
        physical,
        produced,
        metadataKeys,
        key -> MaxwellMetadata.reader(key, physical.settings()),
        appendMode,
        false);
  }

  @Override
  protected void read(ObjectNode envelope, Changes out) throws FormatException {
    String type = text(envelope, "type");
    if (type == null) {
      throw new FormatException(format, "type", "missing: a Maxwell message names its change type");
    }
    switch (type) {
      case "insert":
      case "bootstrap-insert":
        out.add(RowKind.INSERT, convert(envelope.get("data"), "data"));
        break;
      case "update":
        JsonNode data = envelope.get("data");
        Row after = convert(data, "data");
        JsonNode old = envelope.get("old");
        if (out.wantsBeforeImages() && old != null && !old.isNull()) {
          out.add(RowKind.UPDATE_BEFORE, mergeBefore((ObjectNode) data, old, "old"));
        }
        out.add(RowKind.UPDATE_AFTER, after);
        break;
      case "delete":
        out.add(RowKind.DELETE, convert(envelope.get("data"), "data"));
        break;
      case "bootstrap-start":
      case "bootstrap-complete":
        out.skip(DDL_SKIPPED);
        break;
      default:
        if (type.startsWith("table-") || type.startsWith("database-")) {
          out.skip(DDL_SKIPPED);
          break;
        }
        throw new FormatException(
            format,
            "type",
            "unknown change type '" + type + "' (expected insert, update or delete)");
    }
  }
}
