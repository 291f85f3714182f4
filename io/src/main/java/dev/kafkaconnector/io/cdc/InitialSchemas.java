package dev.kafkaconnector.io.cdc;

import dev.kafkaconnector.io.common.ddl.FlinkDdlScripts;
import dev.kafkaconnector.schema.change.TableId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;

/**
 * Reads {@code scan.value.initial-schemas.ddls}: {@code ;}-separated Flink SQL {@code CREATE TABLE}
 * statements without WITH clause, each the initial schema of one table, named by its table id
 * ({@code db1.t1} is schema {@code db1}, table {@code t1}).
 */
public final class InitialSchemas {
  /** The spec's option key. */
  public static final String KEY = "scan.value.initial-schemas.ddls";

  private InitialSchemas() {}

  /**
   * The schemas by table id, in statement order; empty for null or blank text.
   *
   * @throws IllegalArgumentException naming {@value #KEY}, the table and what cannot be read
   */
  public static Map<TableId, Schema> parse(String ddls) {
    Map<TableId, Schema> out = new LinkedHashMap<>();
    if (ddls == null || ddls.isBlank()) {
      return out;
    }
    try {
      for (Map.Entry<List<String>, Schema> table : FlinkDdlScripts.tableSchemas(ddls).entrySet()) {
        out.put(TableId.ofParts(table.getKey()), table.getValue());
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '"
              + KEY
              + "' (expected 'CREATE TABLE db.t (col TYPE, ...);"
              + " ...'): "
              + e.getMessage(),
          e);
    }
    return out;
  }
}
