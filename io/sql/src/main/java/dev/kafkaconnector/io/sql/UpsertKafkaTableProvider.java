package dev.kafkaconnector.io.sql;

import com.google.auto.service.AutoService;
import org.apache.beam.sdk.extensions.sql.meta.provider.TableProvider;

/**
 * Beam SQL table type {@code upsert-kafka}: a compacted topic as a changelog keyed by its primary
 * key (TBLPROPERTIES {@code "primary-key"}, required, with {@code "key.format"}). {@code INSERT}
 * writes +I/+U rows as values and -D rows as tombstones (from the column mapped to {@code
 * row-kind}), dropping -U rows; {@code SELECT} reads records as +U rows and tombstones as -D rows.
 */
@AutoService(TableProvider.class)
public final class UpsertKafkaTableProvider extends KafkaTableProviders {

  /** Used by {@link java.util.ServiceLoader}. */
  public UpsertKafkaTableProvider() {}

  @Override
  public String getTableType() {
    return KafkaSqlTable.UPSERT_TYPE;
  }

  @Override
  boolean upsert() {
    return true;
  }
}
