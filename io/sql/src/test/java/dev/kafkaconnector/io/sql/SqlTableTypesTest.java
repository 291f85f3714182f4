package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import org.apache.beam.sdk.extensions.sql.impl.BeamSqlEnv;
import org.apache.beam.sdk.extensions.sql.meta.provider.TableProvider;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.junit.jupiter.api.Test;

/**
 * The providers as Beam SQL finds them: registered for the service loader next to Beam's own {@code
 * kafka} type, the DDL's column types as the tables see them, and bad declarations failing {@code
 * CREATE EXTERNAL TABLE} through the JDBC driver. No broker: nothing here reads or writes.
 */
class SqlTableTypesTest {

  @Test
  void bothTypesAreRegisteredBesideBeamsKafka() {
    Set<String> types = new TreeSet<>();
    ServiceLoader.load(TableProvider.class).forEach(p -> types.add(p.getTableType()));
    assertTrue(types.contains("kafka-connector"), types.toString());
    assertTrue(types.contains("upsert-kafka"), types.toString());
    assertTrue(types.contains("kafka"), types.toString()); // Beam's, untouched
  }

  @Test
  void ddlTypesOfTheNestedJsonExample() {
    Capturing provider = new Capturing();
    BeamSqlEnv env = BeamSqlEnv.inMemory(provider);
    env.executeDdl(
        "CREATE EXTERNAL TABLE kafka_source (id BIGINT, name VARCHAR, `date` DATE,"
            + " obj ROW<time1 TIME, str VARCHAR, lg BIGINT>, arr ARRAY<VARCHAR>,"
            + " rowinarr ARRAY<ROW<f1 VARCHAR, f2 INTEGER>>, `time` TIME, `timestamp` TIMESTAMP(3),"
            + " `map` MAP<VARCHAR, BIGINT>, mapinmap MAP<VARCHAR, MAP<VARCHAR, INTEGER>>)"
            + " TYPE 'kafka-connector' TBLPROPERTIES '{\"topic\": \"t\", \"format\": \"json\"}'");
    Schema schema = provider.created.getSchema();
    assertEquals(FieldType.DATETIME, schema.getField("timestamp").getType().withNullable(false));
    assertEquals(FieldType.INT64, schema.getField("id").getType().withNullable(false));
    assertEquals(Schema.TypeName.ROW, schema.getField("obj").getType().getTypeName());
    assertEquals(Schema.TypeName.MAP, schema.getField("mapinmap").getType().getTypeName());
  }

  @Test
  void badTablePropertiesFailCreateThroughJdbc() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:beam:");
        Statement s = c.createStatement()) {
      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  s.execute(
                      "CREATE EXTERNAL TABLE bad_table (id INT) TYPE 'kafka-connector'"
                          + " TBLPROPERTIES '{\"topic\": \"t\", \"format\": \"csv\","
                          + " \"scan.bounded.mod\": \"latest-offset\"}'"));
      StringBuilder all = new StringBuilder();
      for (Throwable t = e; t != null; t = t.getCause()) {
        all.append(t.getMessage()).append('\n');
      }
      assertTrue(all.toString().contains("Table 'bad_table'"), all.toString());
      assertTrue(all.toString().contains("'scan.bounded.mod'"), all.toString());
      assertTrue(all.toString().contains("did you mean 'scan.bounded.mode'"), all.toString());
    }
  }

  /** The kafka-connector provider, keeping the table it was last asked to create. */
  private static final class Capturing extends KafkaTableProviders {
    org.apache.beam.sdk.extensions.sql.meta.Table created;

    @Override
    public String getTableType() {
      return "kafka-connector";
    }

    @Override
    boolean upsert() {
      return false;
    }

    @Override
    public void createTable(org.apache.beam.sdk.extensions.sql.meta.Table table) {
      super.createTable(table);
      created = table;
    }
  }
}
