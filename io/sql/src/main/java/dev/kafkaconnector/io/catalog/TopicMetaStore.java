package dev.kafkaconnector.io.catalog;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.ddl.TableHintOptions;
import dev.kafkaconnector.io.infer.InferredRead;
import dev.kafkaconnector.io.infer.KafkaRecordSampler;
import dev.kafkaconnector.io.infer.SchemaInferrer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.beam.sdk.extensions.sql.meta.BeamSqlTable;
import org.apache.beam.sdk.extensions.sql.meta.Table;
import org.apache.beam.sdk.extensions.sql.meta.provider.TableProvider;
import org.apache.beam.sdk.extensions.sql.meta.store.MetaStore;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The one database of a Kafka catalog: every topic of the cluster is a table whose schema is
 * inferred the first time a query names it (sampling {@code max.fetch.records} records of the
 * topic) and then kept for the catalog's life, so every query of a session sees one schema; create
 * the catalog again to re-infer. Columns: the key's ({@code key_...}, with the raw-key column for
 * non-JSON keys), the value's ({@code value_...}), then the metadata {@code partition} INT, {@code
 * offset} BIGINT (together the primary key, in the table's properties under {@code primary-key},
 * since Beam tables have none) and {@code timestamp} TIMESTAMP_LTZ(3). A compacted topic ({@code
 * cleanup.policy} with {@code compact}) whose sampled keys have JSON columns is, with {@code
 * infer-schema.compacted-topic-as-upsert-table} (default true), an upsert table keyed by its key
 * columns: tombstones are delete rows, and the extra metadata column {@code row-kind} says {@code
 * +U} or {@code -D}, since Beam SQL has no retractions. Read-only.
 */
final class TopicMetaStore implements MetaStore {
  static final String TABLE_TYPE = "kafka-catalog";
  static final List<String> PRIMARY_KEY = List.of("partition", "offset");

  /** Topics sampled at once when every table is listed. */
  private static final int SAMPLERS = 4;

  private final CatalogSettings settings;
  private final Map<String, InferredRead> inferred = new ConcurrentHashMap<>();

  TopicMetaStore(CatalogSettings settings) {
    this.settings = settings;
  }

  @Override
  public String getTableType() {
    return TABLE_TYPE;
  }

  @Override
  public void createTable(Table table) {
    throw readOnly("CREATE TABLE " + table.getName());
  }

  @Override
  public void dropTable(String tableName) {
    throw readOnly("DROP TABLE " + tableName);
  }

  private UnsupportedOperationException readOnly(String what) {
    return new UnsupportedOperationException(
        "Kafka catalog '"
            + settings.catalog()
            + "' is read-only: "
            + what
            + " is not supported;"
            + " its tables are the cluster's topics");
  }

  /**
   * Every topic whose schema can be inferred (topics without records are left out). Listing the
   * tables (a JDBC tool's metadata calls do) samples every topic not sampled yet, {@value
   * #SAMPLERS} at a time: each sample mostly waits for the broker.
   */
  @Override
  public Map<String, Table> getTables() {
    List<String> topics = new ArrayList<>(TopicLister.topics(settings));
    Map<String, Table> out = new LinkedHashMap<>();
    ExecutorService samplers =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(SAMPLERS, topics.size())),
            task -> {
              Thread thread = new Thread(task, "kafka-catalog-" + settings.catalog() + "-sampler");
              thread.setDaemon(true);
              return thread;
            });
    try {
      Map<String, Future<Table>> tables = new LinkedHashMap<>();
      for (String topic : topics) {
        tables.put(topic, samplers.submit(() -> table(topic)));
      }
      for (Map.Entry<String, Future<Table>> table : tables.entrySet()) {
        tableOrEmpty(table.getValue()).ifPresent(t -> out.put(table.getKey(), t));
      }
    } finally {
      samplers.shutdownNow();
    }
    return out;
  }

  /** The table, or none when its topic has no records (naming it in a query gives the reason). */
  private static Optional<Table> tableOrEmpty(Future<Table> table) {
    try {
      return Optional.of(table.get());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof IllegalArgumentException) {
        return Optional.empty();
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while listing the topics' tables", e);
    }
  }

  /**
   * The table of topic {@code name}; or, for a name the SQL front end folded a table hint into
   * ({@link TableHintOptions#hintedName}), that topic's table with the hint's options over the
   * catalog's ({@link CatalogHints}), for the query that names it.
   */
  @Override
  public @Nullable Table getTable(String name) {
    TableHintOptions.Hinted hinted = TableHintOptions.split(name);
    String topic = hinted == null ? name : hinted.table();
    if (!inferred.containsKey(topic) && !TopicLister.topics(settings).contains(topic)) {
      return null;
    }
    Table table = table(topic);
    return hinted == null ? table : table.toBuilder().name(name).build();
  }

  private Table table(String topic) {
    InferredRead read = inferred.computeIfAbsent(topic, this::infer);
    ObjectNode properties = JsonNodeFactory.instance.objectNode();
    read.options()
        .forEach(
            (k, v) -> {
              if (!dev.kafkaconnector.io.common.Secrets.isSecretOption(k)) {
                properties.put(k, v);
              }
            });
    List<String> key = read.primaryKey().isEmpty() ? PRIMARY_KEY : read.primaryKey();
    properties.put("primary-key", String.join(";", key));
    return Table.builder()
        .type(TABLE_TYPE)
        .name(topic)
        .schema(read.outputSchema())
        .comment(
            "Kafka topic "
                + topic
                + " (catalog "
                + settings.catalog()
                + (settings.isAvro()
                    ? ", columns from the schema registry's subjects " + topic + "-value/-key"
                    : ", inferred from " + read.sampledRecords() + " records")
                + "; metadata columns partition, offset, timestamp"
                + (read.primaryKey().isEmpty() ? "" : ", row-kind; an upsert table")
                + "; primary key "
                + String.join(", ", key)
                + ")")
        .properties(properties)
        .build();
  }

  private InferredRead infer(String topic) {
    List<MetadataColumn> metadata =
        List.of(
            new MetadataColumn("partition", MetadataKey.PARTITION),
            new MetadataColumn("offset", MetadataKey.OFFSET),
            new MetadataColumn("timestamp", MetadataKey.TIMESTAMP));
    boolean upsert = settings.compactedAsUpsert() && TopicLister.isCompacted(settings, topic);
    if (settings.isAvro()) {
      return RegistryTables.read(settings.sourceOptions(topic), topic, metadata, upsert);
    }
    return SchemaInferrer.infer(
        settings.sourceOptions(topic),
        metadata,
        new KafkaRecordSampler(settings.maxFetchRecords()),
        upsert);
  }

  @Override
  public BeamSqlTable buildBeamSqlTable(Table table) {
    TableHintOptions.Hinted hinted = TableHintOptions.split(table.getName());
    if (hinted == null) {
      return new CatalogTable(
          settings.catalog(),
          table.getName(),
          inferred.computeIfAbsent(table.getName(), this::infer));
    }
    InferredRead read = inferred.computeIfAbsent(hinted.table(), this::infer);
    return new CatalogTable(
        settings.catalog(), hinted.table(), CatalogHints.apply(settings.catalog(), hinted, read));
  }

  @Override
  public void registerProvider(TableProvider provider) {
    // Tables of other types live in other catalogs: this one holds only the cluster's topics.
  }

  @Override
  public Map<String, TableProvider> tableProviders() {
    return Map.of();
  }
}
