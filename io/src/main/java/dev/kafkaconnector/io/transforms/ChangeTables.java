package dev.kafkaconnector.io.transforms;

import dev.kafkaconnector.schema.change.TableId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The tables {@code kafka_read_changes} emits: for each configured table id, its output's name and
 * the schema of its rows (the table's columns, then the change-kind column). A table's columns are
 * the ones declared for it (field {@code schemas} or {@code scan.value.initial-schemas.ddls}), else
 * the ones the change source infers from the pre-fetched records when the transform is expanded: a
 * {@code PCollection} has one schema, fixed when the pipeline is built.
 */
final class ChangeTables implements Serializable {
  private static final long serialVersionUID = 1L;

  /**
   * One emitted table.
   *
   * @param id the table id as the change events name it ({@code db.table})
   * @param output the output's name
   * @param rows the rows' schema: the table's columns, then the change-kind column
   */
  record Table(String id, String output, Schema rows) implements Serializable {}

  private final List<Table> tables;

  private ChangeTables(List<Table> tables) {
    this.tables = List.copyOf(tables);
  }

  List<Table> tables() {
    return tables;
  }

  /** The output name of table {@code id}: every character but letters, digits, '_' made '_'. */
  static String outputName(String id) {
    return id.replaceAll("[^A-Za-z0-9_]", "_");
  }

  /**
   * Checks the configured table ids without a broker: at least one, distinct output names that are
   * not the error output's, and a listed table for every entry of {@code schemas}.
   */
  static List<String> check(
      TransformOptions names,
      @Nullable List<String> ids,
      @Nullable Map<String, String> schemas,
      @Nullable String errorOutput) {
    if (ids == null || ids.isEmpty()) {
      throw names.error(
          "field 'tables' needs the ids of the tables to emit, for example ['inventory.products']");
    }
    Map<String, String> byOutput = new LinkedHashMap<>();
    for (String id : ids) {
      if (id == null || id.isBlank()) {
        throw names.error("field 'tables' has a blank table id");
      }
      String output = outputName(id);
      String other = byOutput.put(output, id);
      if (other != null) {
        throw names.error(
            "field 'tables': '" + other + "' and '" + id + "' both make output '" + output + "'");
      }
      if (output.equals(errorOutput)) {
        throw names.error(
            "field 'tables': table '" + id + "' makes output '" + output + "', the error output");
      }
    }
    if (schemas != null) {
      for (String table : schemas.keySet()) {
        if (!ids.contains(table)) {
          throw names.error(
              "field 'schemas' has table '" + table + "', which is not in 'tables' " + ids);
        }
      }
    }
    return List.copyOf(ids);
  }

  /**
   * The {@code scan.value.initial-schemas.ddls} text of {@code schemas} (table id to column list):
   * one {@code CREATE TABLE} per table, its id's dot-separated parts quoted.
   */
  static String ddls(Map<String, String> schemas) {
    StringBuilder out = new StringBuilder();
    schemas.forEach(
        (table, columns) -> {
          List<String> parts = new ArrayList<>();
          for (String part : table.split("\\.", -1)) {
            parts.add("`" + part.replace("`", "``") + "`");
          }
          out.append("CREATE TABLE ")
              .append(String.join(".", parts))
              .append(" (")
              .append(columns)
              .append(");\n");
        });
    return out.toString();
  }

  /**
   * The tables {@code ids}, each with its declared schema or, when it has none, the inferred one
   * ({@code inferred} is asked once, only then).
   *
   * @throws IllegalArgumentException for a table without schema, or with a column named as the
   *     change-kind column
   */
  static ChangeTables resolve(
      TransformOptions names,
      List<String> ids,
      Map<TableId, Schema> declared,
      Supplier<Map<TableId, Schema>> inferred,
      String kindColumn) {
    Map<String, Schema> known = byIdentifier(declared);
    Map<String, Schema> sampled = null;
    List<Table> out = new ArrayList<>();
    for (String id : ids) {
      Schema columns = known.get(id);
      if (columns == null) {
        sampled = sampled != null ? sampled : byIdentifier(inferred.get());
        columns = sampled.get(id);
      }
      if (columns == null) {
        throw names.error(
            "no schema for table '"
                + id
                + "': it is not in field 'schemas' and no pre-fetched record"
                + " ('scan.max.pre.fetch.records') is a change of it; declare its columns in"
                + " 'schemas'");
      }
      if (columns.hasField(kindColumn)) {
        throw names.error(
            "table '"
                + id
                + "' has a column '"
                + kindColumn
                + "', the change-kind column; name another in field 'row_kind_column'");
      }
      Schema rows =
          Schema.builder()
              .addFields(columns.getFields())
              .addField(kindColumn, FieldType.STRING)
              .build();
      out.add(new Table(id, outputName(id), rows));
    }
    return new ChangeTables(out);
  }

  private static Map<String, Schema> byIdentifier(Map<TableId, Schema> schemas) {
    Map<String, Schema> out = new LinkedHashMap<>();
    schemas.forEach((id, schema) -> out.put(id.identifier(), schema));
    return out;
  }
}
