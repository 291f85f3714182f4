package dev.kafkaconnector.io.sql;

import org.apache.beam.sdk.extensions.sql.meta.BeamSqlTable;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.apache.beam.sdk.extensions.sql.meta.provider.InMemoryMetaTableProvider;

/**
 * What the two table providers share: a declaration is checked when the table is created (so that
 * {@code CREATE EXTERNAL TABLE} fails on a bad TBLPROPERTIES, naming the key and table), and turned
 * into a {@link KafkaSqlTable} when a query uses it. No I/O happens before a query runs.
 */
abstract class KafkaTableProviders extends InMemoryMetaTableProvider {

  /** Whether this provider's tables are upsert-kafka tables. */
  abstract boolean upsert();

  @Override
  public void createTable(Table table) {
    TableProperties.parse(table, upsert()).validate();
    super.createTable(table);
  }

  @Override
  public BeamSqlTable buildBeamSqlTable(Table table) {
    TableDefinition definition = TableProperties.parse(table, upsert());
    definition.validate();
    return new KafkaSqlTable(definition);
  }
}
