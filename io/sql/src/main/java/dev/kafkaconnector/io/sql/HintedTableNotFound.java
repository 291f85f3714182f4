package dev.kafkaconnector.io.sql;

import java.sql.SQLException;

/**
 * Says why a hinted table was not found. Table hints reach the tables of a Kafka JSON catalog,
 * which resolves the hinted names {@link TableHints} makes; a table declared with {@code CREATE
 * TABLE} lives in Beam's own metastore, which does not, so Beam reports the hinted name as an
 * unknown object.
 */
final class HintedTableNotFound {
  private HintedTableNotFound() {}

  /** {@code failure}, with the explanation added when it is a hinted name not found. */
  static Throwable explain(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      String message = t.getMessage();
      if (message != null && message.contains("/*+ OPTIONS(") && message.contains("not found")) {
        SQLException explained =
            new SQLException(
                message
                    + ". Table hints reach the tables of a Kafka JSON catalog (CREATE CATALOG ..."
                    + " TYPE 'kafka') only: for a table declared with CREATE TABLE, put the"
                    + " options in its WITH clause, or declare a second table over the topic"
                    + " with them",
                "42000",
                failure);
        return explained;
      }
    }
    return failure;
  }
}
