package dev.kafkaconnector.io.sql;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_BOUNDED_MODE;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_WATERMARK_COLUMN;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS;

import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import dev.kafkaconnector.io.common.BoundedMode;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.OptionKeys;
import dev.kafkaconnector.io.common.Secrets;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.beam.sdk.schemas.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Kafka table as declared in Beam SQL: its columns, the connector options of its TBLPROPERTIES,
 * its metadata columns and primary key. Knows how the table reads (physical columns by the formats,
 * metadata columns after them) and writes (writable metadata as record metadata, read-only metadata
 * left out), and checks the declaration naming the table.
 *
 * @param name the table name, for messages
 * @param schema the table's columns in declaration order
 * @param options the connector options, {@code connector} included
 * @param metadata the metadata columns, keys as declared
 * @param primaryKey the primary key (upsert tables), else empty
 * @param virtual the metadata columns that are never written (Flink's VIRTUAL)
 * @param computed the computed columns (Flink's {@code name AS expression}), column name to
 *     expression in declaration order: evaluated after reading, never written
 */
record TableDefinition(
    String name,
    Schema schema,
    Map<String, String> options,
    List<MetadataColumn> metadata,
    List<String> primaryKey,
    List<String> virtual,
    Map<String, String> computed)
    implements Serializable {
  private static final Logger LOG = LoggerFactory.getLogger(TableDefinition.class);

  /**
   * Checks what can be checked without knowing whether the table is read or written: every key is
   * an option of a source or sink (or of a format in use), declared options have valid values, the
   * formats exist and the metadata keys are known.
   *
   * @throws IllegalArgumentException naming the table and the key
   */
  void validate() {
    named(
        () -> {
          FormatSelection formats = new FormatSelection(options);
          Map<String, ConfigOption<?>> declared = new LinkedHashMap<>();
          KafkaConnectorOptions.allOptions().forEach(o -> declared.putIfAbsent(o.key(), o));
          OptionKeys.check(options, "table", List.copyOf(declared.values()), formats, key -> null);
          Configuration conf = Configuration.of(options);
          declared.values().forEach(conf::getOptional);
          checkFormatOptions(formats.valueFormat(), formats.valueOptions());
          if (formats.keyFormat() != null) {
            checkFormatOptions(formats.keyFormat(), formats.keyOptions());
          }
          metadata.forEach(column -> checkMetadataKey(column, formats.valueFormat()));
          if (!computed.isEmpty()) {
            // over the other columns as declared; a query checks again over the columns as read
            Schema.Builder others = Schema.builder();
            schema.getFields().stream()
                .filter(f -> !computed.containsKey(f.getName()))
                .forEach(others::addField);
            ComputedColumns.of(name, others.build(), computed, schema);
            String eventTime = computedWatermark();
            if (eventTime != null) {
              ComputedColumns.eventTime(name, others.build(), eventTime, computed.get(eventTime));
            }
          }
          return null;
        });
  }

  /** Whether reading the table ends ({@code scan.bounded.mode} other than unbounded). */
  boolean bounded() {
    return named(() -> Configuration.of(options).get(SCAN_BOUNDED_MODE) != BoundedMode.UNBOUNDED);
  }

  /** The columns that the key and value formats fill: all but the metadata and computed columns. */
  Schema physicalSchema() {
    Schema.Builder b = Schema.builder();
    for (Schema.Field field : schema.getFields()) {
      if (metadataKey(field.getName()) == null && !computed.containsKey(field.getName())) {
        b.addField(field);
      }
    }
    return b.build();
  }

  /**
   * The source: physical columns, then the metadata columns in declaration order (the computed
   * columns are evaluated on its rows, see {@link ComputedColumns}).
   */
  KafkaConnectorRead read() {
    Map<String, String> sourceOptions =
        optionsOf(KafkaConnectorOptions.sourceOptions(), KafkaConnectorOptions.sinkOptions());
    String eventTime = computedWatermark();
    if (eventTime != null) {
      // the source evaluates the column's expression itself (withWatermark below)
      sourceOptions.remove(SCAN_WATERMARK_COLUMN.key());
    }
    KafkaConnectorRead read =
        KafkaConnectorIO.read().withOptions(sourceOptions).withSchema(physicalSchema());
    boolean changelog = !upsert() && isChangelog();
    for (Schema.Field field : schema.getFields()) {
      String key = metadataKey(field.getName());
      if (key != null) {
        // row-kind of a changelog format is the value format's metadata
        String readKey =
            changelog && key.equals(FormatMetadata.ROW_KIND)
                ? MetadataColumn.VALUE_PREFIX + FormatMetadata.ROW_KIND
                : key;
        read = read.withMetadataColumn(field.getName(), readKey);
      }
    }
    if (!primaryKey.isEmpty()) {
      read = read.withPrimaryKey(primaryKey.toArray(String[]::new));
    }
    if (eventTime != null) {
      KafkaConnectorRead columns = read;
      read =
          named(
              () ->
                  columns.withWatermark(
                      ComputedColumns.eventTime(
                          name, columns.outputSchema(), eventTime, computed.get(eventTime)),
                      Configuration.of(options).get(SCAN_WATERMARK_MAX_OUT_OF_ORDERNESS)));
    }
    return read;
  }

  /**
   * The computed column that is the watermark's ({@code scan.watermark.column}), or null when the
   * watermark is on a column the source reads (or there is none).
   */
  @org.checkerframework.checker.nullness.qual.Nullable
  String computedWatermark() {
    String column = options.get(SCAN_WATERMARK_COLUMN.key());
    return column != null && computed.containsKey(column) ? column : null;
  }

  /**
   * The columns an INSERT writes: all but the metadata columns of read-only keys (offset, a value
   * format's read-only metadata such as canal-json's value.operation-type, …) and the virtual ones,
   * which are ignored on write, and the computed columns. A value format's writable metadata
   * (canal-json's value.database, value.table, …) is written into the message.
   */
  Schema writeSchema() {
    Schema.Builder b = Schema.builder();
    for (Schema.Field field : schema.getFields()) {
      String key = metadataKey(field.getName());
      if (computed.containsKey(field.getName())) {
        continue;
      }
      if (key == null || (writeKey(key) != null && !virtual.contains(field.getName()))) {
        b.addField(field);
      }
    }
    return b.build();
  }

  /** The sink for rows of {@link #writeSchema()}. */
  KafkaConnectorWrite write() {
    KafkaConnectorWrite write =
        KafkaConnectorIO.write()
            .withOptions(
                optionsOf(
                    KafkaConnectorOptions.sinkOptions(), KafkaConnectorOptions.sourceOptions()));
    List<String> readOnly = new ArrayList<>();
    for (MetadataColumn column : metadata) {
      String key = writeKey(column.key());
      if (key != null && !virtual.contains(column.name())) {
        write = write.withMetadataColumn(column.name(), key);
      } else if (key == null && !virtual.contains(column.name())) {
        readOnly.add(column.name() + " ('" + column.key() + "')");
      }
    }
    if (!readOnly.isEmpty()) {
      LOG.warn(
          "Table '{}': metadata columns {} are read-only and not written by an INSERT (declare"
              + " them VIRTUAL to say so)",
          name,
          readOnly);
    }
    if (!primaryKey.isEmpty()) {
      write = write.withPrimaryKey(primaryKey.toArray(String[]::new));
    }
    return write;
  }

  /**
   * The options without those that only the other role declares: one table is read and written, so
   * its TBLPROPERTIES hold both the scan.* and the sink.* options.
   */
  private Map<String, String> optionsOf(List<ConfigOption<?>> role, List<ConfigOption<?>> other) {
    java.util.Set<String> otherOnly = new java.util.HashSet<>();
    other.forEach(o -> otherOnly.add(o.key()));
    role.forEach(o -> otherOnly.remove(o.key()));
    Map<String, String> out = new LinkedHashMap<>(options);
    out.keySet().removeAll(otherOnly);
    return out;
  }

  /**
   * Runs {@code check}, prefixing the message of an {@link IllegalArgumentException} with the
   * table's name.
   */
  <T> T named(Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("Table '" + name + "'")) {
        throw e;
      }
      throw new IllegalArgumentException("Table '" + name + "': " + e.getMessage(), e);
    }
  }

  /** The options with secrets masked. */
  @Override
  public String toString() {
    return "Table '" + name + "' " + schema.getFieldNames() + " " + Secrets.redactOptions(options);
  }

  private boolean upsert() {
    return KafkaConnectorOptions.isUpsert(Configuration.of(options));
  }

  private boolean isChangelog() {
    return new FormatSelection(options)
        .valueFormat().readableMetadata().stream()
            .anyMatch(m -> m.key().equals(FormatMetadata.ROW_KIND));
  }

  private String metadataKey(String column) {
    for (MetadataColumn m : metadata) {
      if (m.name().equals(column)) {
        return m.key();
      }
    }
    return null;
  }

  /** The sink's metadata key for a declared key, or null when it cannot be written. */
  private String writeKey(String key) {
    if (key.equals(FormatMetadata.ROW_KIND)
        || key.equals(MetadataColumn.VALUE_PREFIX + FormatMetadata.ROW_KIND)) {
      return FormatMetadata.ROW_KIND;
    }
    if (key.startsWith(MetadataColumn.VALUE_PREFIX)) {
      String formatKey = key.substring(MetadataColumn.VALUE_PREFIX.length());
      boolean writable =
          new FormatSelection(options)
              .valueFormat().writableMetadata().stream().anyMatch(m -> m.key().equals(formatKey));
      return writable ? key : null;
    }
    return MetadataKey.fromKey(key)
        .filter(MetadataKey::writable)
        .map(MetadataKey::key)
        .orElse(null);
  }

  private static void checkFormatOptions(FormatFactory format, Configuration conf) {
    format.options().forEach(conf::getOptional);
  }

  private void checkMetadataKey(MetadataColumn column, FormatFactory valueFormat) {
    String key = column.key();
    List<String> formatKeys = new ArrayList<>();
    valueFormat.readableMetadata().forEach(m -> formatKeys.add(m.key()));
    boolean known =
        MetadataKey.fromKey(key).isPresent()
            || key.equals(FormatMetadata.ROW_KIND)
            || (column.isFormatMetadata() && formatKeys.contains(column.formatKey()));
    if (!known) {
      throw new IllegalArgumentException(
          "key '"
              + KafkaConnectorOptions.SQL_METADATA.key()
              + "': column '"
              + column.name()
              + "' maps to unknown metadata key '"
              + key
              + "'; known keys: "
              + MetadataKey.allKeys()
              + ", row-kind, and of format '"
              + valueFormat.identifier()
              + "': "
              + formatKeys.stream().map(k -> MetadataColumn.VALUE_PREFIX + k).toList());
    }
  }
}
