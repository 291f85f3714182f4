package dev.kafkaconnector.io.catalog;

import java.util.HashMap;
import java.util.Map;
import org.apache.beam.sdk.extensions.sql.meta.catalog.Catalog;
import org.apache.beam.sdk.extensions.sql.meta.provider.TableProvider;
import org.apache.beam.sdk.extensions.sql.meta.store.MetaStore;

/**
 * The Kafka JSON catalog of the spec for Beam SQL: every topic of a cluster is a table with a
 * schema inferred from its latest records.
 *
 * <pre>{@code
 * CREATE CATALOG kc TYPE 'kafka' PROPERTIES (
 *   'properties.bootstrap.servers' = 'host:9092', 'format' = 'json',
 *   'default-database' = 'cluster1', 'scan.bounded.mode' = 'latest-offset');
 * USE CATALOG kc;
 * SELECT value_name, `partition`, `offset` FROM cluster1.orders;
 * }</pre>
 *
 * <p>Beam builds every registered catalog class for each {@code CREATE CATALOG}, whatever its type,
 * to ask its {@link #type()}: the constructor only keeps the properties, does no I/O and throws
 * nothing; they are checked when a table is used. The one database is {@code default-database}
 * (Beam's {@code default} is the same database). Read-only: databases and tables cannot be created
 * or dropped. See {@link CatalogSettings} for the properties and {@link TopicMetaStore} for the
 * tables.
 */
public final class KafkaCatalog implements Catalog {
  /** The catalog type. */
  public static final String TYPE = "kafka";

  private final String name;
  private final Map<String, String> properties;
  private final CatalogSettings settings;
  private final Map<String, TableProvider> providers = new HashMap<>();
  private TopicMetaStore metaStore;
  private String currentDatabase;

  /** Called by Beam SQL (through {@link KafkaCatalogRegistrar}) for {@code CREATE CATALOG}. */
  public KafkaCatalog(String name, Map<String, String> properties) {
    this.name = name;
    this.properties = Map.copyOf(properties);
    this.settings = new CatalogSettings(name, properties);
    this.currentDatabase = settings.defaultDatabase();
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Map<String, String> properties() {
    return properties;
  }

  @Override
  public synchronized MetaStore metaStore(String database) {
    if (metaStore == null) {
      metaStore = new TopicMetaStore(settings);
    }
    return metaStore;
  }

  @Override
  public String currentDatabase() {
    return currentDatabase;
  }

  @Override
  public boolean createDatabase(String database) {
    throw new UnsupportedOperationException(
        "Kafka catalog '"
            + name
            + "' is read-only: CREATE DATABASE "
            + database
            + " is not"
            + " supported; its one database is '"
            + settings.defaultDatabase()
            + "'");
  }

  @Override
  public boolean databaseExists(String database) {
    return database.equals(settings.defaultDatabase()) || database.equals(Catalog.DEFAULT);
  }

  @Override
  public void useDatabase(String database) {
    if (!databaseExists(database)) {
      throw new IllegalArgumentException(
          "Kafka catalog '"
              + name
              + "' has one database, '"
              + settings.defaultDatabase()
              + "', not '"
              + database
              + "'");
    }
    currentDatabase = database;
  }

  @Override
  public boolean dropDatabase(String database, boolean cascade) {
    throw new UnsupportedOperationException(
        "Kafka catalog '"
            + name
            + "' is read-only: DROP DATABASE "
            + database
            + " is not supported");
  }

  @Override
  public void registerTableProvider(TableProvider provider) {
    providers.put(provider.getTableType(), provider);
  }

  @Override
  public Map<String, TableProvider> tableProviders() {
    return providers;
  }

  @Override
  public String toString() {
    return "KafkaCatalog{" + name + ", " + settings + "}";
  }
}
