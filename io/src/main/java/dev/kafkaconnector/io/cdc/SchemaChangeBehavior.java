package dev.kafkaconnector.io.cdc;

/**
 * What the schema-evolution step does with a change of a table's schema: Flink CDC's {@code
 * schema.change.behavior}, applied to the events this step sends downstream. Changes that add
 * nothing to the table's current schema (redundant ones, such as the same column added by two
 * readers) are dropped in every mode. The first schema of a table (its create-table event) is never
 * a change.
 */
public enum SchemaChangeBehavior {
  /** Any change of a known table's schema fails the job, naming the table and both schemas. */
  EXCEPTION,
  /**
   * Every change is applied and sent downstream, dropped and renamed columns included; a change
   * that does not fit the table (a column that does not exist) fails the job.
   */
  EVOLVE,
  /**
   * As EVOLVE, but a change that does not fit the table is skipped (logged and counted in {@code
   * kafka-connector:cdc-schema-changes-skipped}) and the data keeps flowing, converted to the
   * schema the table has.
   */
  TRY_EVOLVE,
  /**
   * The default. Added columns and widened types are applied; nothing is lost downstream: a dropped
   * column stays, made nullable, and later rows have null there; a renamed column stays, made
   * nullable, and the new name is added as a nullable column.
   */
  LENIENT,
  /**
   * No schema change is sent downstream: the table keeps its first schema and rows are projected
   * onto it (columns it lacks are dropped). A row with a value that does not fit the first schema
   * (a fraction in a BIGINT column) is dropped, logged and counted in {@code
   * kafka-connector:cdc-events-dropped}.
   */
  IGNORE
}
