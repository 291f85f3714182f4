package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.beam.sdk.extensions.sql.impl.BeamSqlEnv;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.apache.beam.sdk.schemas.Schema;

/**
 * Runs translated Flink DDL in a Beam SQL environment with both table providers, as SqlTransform
 * and the JDBC driver would, and keeps the tables they were asked to create. No broker: creating a
 * table reads and writes nothing.
 */
final class FlinkDdlRun {
  private final Capturing kafka = new Capturing(false);
  private final Capturing upsert = new Capturing(true);
  private final BeamSqlEnv env = BeamSqlEnv.inMemory(kafka, upsert);

  /** The Beam statement of each table created, by table name. */
  final Map<String, String> statements = new LinkedHashMap<>();

  private final Map<String, Table> tables = new LinkedHashMap<>();

  /** Translates and creates one Flink table; returns what the provider got. */
  Table create(String flinkDdl) {
    String beam = FlinkDdl.toBeamSql(flinkDdl);
    env.executeDdl(beam);
    Table created = last();
    statements.put(created.getName(), beam);
    tables.put(created.getName(), created);
    return created;
  }

  /** Runs a script of several statements through {@link FlinkDdl#rewriteScript}. */
  void createAll(String script) {
    for (String statement : FlinkDdl.rewriteScript(script)) {
      env.executeDdl(statement);
      Table created = last();
      statements.put(created.getName(), statement);
      tables.put(created.getName(), created);
    }
  }

  Table table(String name) {
    return tables.get(name);
  }

  private Table last() {
    Table t = kafka.created != null ? kafka.created : upsert.created;
    kafka.created = null;
    upsert.created = null;
    return t;
  }

  /** The table's TBLPROPERTIES as strings (objects and arrays as their JSON). */
  static Map<String, String> properties(Table table) {
    Map<String, String> out = new LinkedHashMap<>();
    table.getProperties().fields().forEachRemaining(e -> out.put(e.getKey(), text(e.getValue())));
    return out;
  }

  private static String text(JsonNode node) {
    return node.isValueNode() ? node.asText() : node.toString();
  }

  /** Asserts that translating {@code flinkDdl} fails with a message holding all {@code parts}. */
  static String rejects(String flinkDdl, String... parts) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FlinkDdl.toBeamSql(flinkDdl));
    for (String part : parts) {
      assertTrue(e.getMessage().contains(part), "'" + part + "' not in: " + e.getMessage());
    }
    return e.getMessage();
  }

  /** Asserts the table's columns as "name TYPE" with Beam type names, nullability ignored. */
  static void assertColumns(Table table, String... expected) {
    Schema schema = table.getSchema();
    String[] actual = new String[schema.getFieldCount()];
    for (int i = 0; i < actual.length; i++) {
      Schema.Field f = schema.getField(i);
      actual[i] = f.getName() + " " + BeamSqlTypeNames.of(f.getType());
    }
    assertEquals(String.join(", ", expected), String.join(", ", actual));
  }

  /** A provider of one type that keeps the table it was last asked to create. */
  private static final class Capturing extends KafkaTableProviders {
    private final boolean upsert;
    Table created;

    Capturing(boolean upsert) {
      this.upsert = upsert;
    }

    @Override
    public String getTableType() {
      return upsert ? KafkaSqlTable.UPSERT_TYPE : KafkaSqlTable.KAFKA_TYPE;
    }

    @Override
    boolean upsert() {
      return upsert;
    }

    @Override
    public void createTable(Table table) {
      super.createTable(table);
      created = table;
    }
  }
}
