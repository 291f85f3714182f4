package dev.kafkaconnector.io.cdc.sink;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.cdc.SourceTable;
import dev.kafkaconnector.formats.cdc.TableChangeEncoder;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.sink.BadRowException;
import dev.kafkaconnector.io.sink.EncodedRecord;
import dev.kafkaconnector.io.sink.RecordEncoder;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Encodes the change events of many tables with evolving schemas: each data change into a record of
 * its table's topic ({@link TopicMapping}), the value by {@code value.format} naming the table, the
 * key by {@code key.format} (table id, then primary key), partition 0 with {@code all-to-zero}.
 * Schema changes write nothing (the messages of later changes follow the new schema); they are
 * counted in {@code kafka-connector:cdc-schema-changes-not-written}.
 *
 * <p>The encoders of a (table, schema, primary key) are built on first use and kept, at most
 * {@value #MAX_ENCODERS}, least recently used dropped first; the cache belongs to the writer
 * instance that deserialized this encoder and is released by {@link #close()} in its teardown.
 */
final class ChangeRecordEncoder implements RecordEncoder<ChangeEvent> {
  private static final long serialVersionUID = 1L;
  static final int MAX_ENCODERS = 1024;

  /** The key's first field, as Flink CDC names it. */
  static final String TABLE_ID_FIELD = "TableId";

  private final TopicMapping topics;
  private final PartitionStrategy strategy;
  private final String valueFormat;
  private final Map<String, String> valueOptions;
  private final String keyFormat;
  private final Map<String, String> keyOptions;
  private final Counter schemaChanges =
      Metrics.counter("kafka-connector", "cdc-schema-changes-not-written");

  private transient @Nullable Map<EncoderKey, TableEncoders> encoders;
  private transient @Nullable Map<TableId, String> topicCache;
  private transient @Nullable EncoderKey lastKey;
  private transient @Nullable TableEncoders last;

  private record EncoderKey(TableId table, Schema schema, List<String> primaryKey) {}

  /** The value and key encoders of one (table, schema, key), and the key's column indexes. */
  private record TableEncoders(
      TableChangeEncoder value, RowEncoder key, Schema keySchema, int[] keyIndexes) {}

  ChangeRecordEncoder(
      TopicMapping topics,
      PartitionStrategy strategy,
      String valueFormat,
      Configuration valueOptions,
      String keyFormat,
      Configuration keyOptions) {
    this.topics = topics;
    this.strategy = strategy;
    this.valueFormat = valueFormat;
    this.valueOptions = Map.copyOf(valueOptions.toMap());
    this.keyFormat = keyFormat;
    this.keyOptions = Map.copyOf(keyOptions.toMap());
  }

  /** Builds the encoders for {@code table} with {@code schema} (checks the options, too). */
  void check(TableId table, Schema schema, List<String> primaryKey) {
    build(new EncoderKey(table, schema, primaryKey));
  }

  @Override
  public @Nullable EncodedRecord encode(ChangeEvent event) throws BadRowException {
    if (!(event instanceof DataChangeEvent data)) {
      schemaChanges.inc();
      return null;
    }
    TableEncoders enc = encoders(data);
    Row image = data.after() != null ? data.after() : data.before();
    byte[] value;
    try {
      switch (data.op()) {
        case INSERT:
          value = enc.value().encode(RowKind.INSERT, data.after());
          break;
        case DELETE:
          value = enc.value().encode(RowKind.DELETE, data.before());
          break;
        default:
          // An update without its before image is written as the after image's insert, as
          // Flink's changelog encoders write a lone +U.
          value =
              data.before() != null
                  ? enc.value().encodeUpdate(data.before(), data.after())
                  : enc.value().encode(RowKind.UPDATE_AFTER, data.after());
      }
    } catch (FormatException e) {
      throw bad(data, "value", e);
    }
    byte[] key;
    try {
      key = enc.key().encode(keyRow(enc, data.tableId(), image));
    } catch (FormatException e) {
      throw bad(data, "key", e);
    }
    return new EncodedRecord(topic(data.tableId()), strategy.partition(), null, key, value, null);
  }

  @Override
  public @Nullable Row partitionerRow(ChangeEvent event) {
    if (event instanceof DataChangeEvent data) {
      return data.after() != null ? data.after() : data.before();
    }
    return null;
  }

  @Override
  public String destination() {
    return topics.toString();
  }

  @Override
  public void close() {
    encoders = null;
    topicCache = null;
    lastKey = null;
    last = null;
  }

  private static BadRowException bad(DataChangeEvent data, String part, FormatException e) {
    return new BadRowException(
        e.field(), "change of table " + data.tableId() + ", " + part + ": " + e.getMessage(), e);
  }

  private String topic(TableId table) {
    if (topicCache == null) {
      topicCache =
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<TableId, String> eldest) {
              return size() > MAX_ENCODERS;
            }
          };
    }
    return topicCache.computeIfAbsent(table, topics::topicFor);
  }

  private TableEncoders encoders(DataChangeEvent data) throws BadRowException {
    Schema schema = data.schema();
    EncoderKey previous = lastKey;
    // Rows decoded by one coder share their schema instance: the common case is an identity check.
    if (previous != null
        && previous.schema() == schema
        && previous.table().equals(data.tableId())
        && previous.primaryKey().equals(data.primaryKey())) {
      return last;
    }
    EncoderKey key = new EncoderKey(data.tableId(), schema, data.primaryKey());
    if (encoders == null) {
      encoders =
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<EncoderKey, TableEncoders> eldest) {
              return size() > MAX_ENCODERS;
            }
          };
    }
    TableEncoders found = encoders.get(key);
    if (found == null) {
      try {
        found = build(key);
      } catch (IllegalArgumentException e) {
        // A schema the formats cannot write: each of its changes takes the bad-record policy.
        throw new BadRowException(
            null,
            "change of table "
                + data.tableId()
                + ": cannot encode rows of "
                + schema
                + ": "
                + e.getMessage(),
            e);
      }
      encoders.put(key, found);
    }
    lastKey = key;
    last = found;
    return found;
  }

  private TableEncoders build(EncoderKey key) {
    FormatFactory value = Formats.find(valueFormat, "value.format");
    TableChangeEncoder base =
        (TableChangeEncoder)
            value.createEncoder(
                key.schema(), new FormatContext(Configuration.of(valueOptions), "value"));
    TableChangeEncoder forTable = base.forTable(new SourceTable(key.table(), key.primaryKey()));
    Schema.Builder keySchema = Schema.builder().addStringField(TABLE_ID_FIELD);
    int[] indexes = new int[key.primaryKey().size()];
    for (int i = 0; i < indexes.length; i++) {
      String column = key.primaryKey().get(i);
      indexes[i] = key.schema().indexOf(column);
      keySchema.addField(key.schema().getField(column));
    }
    Schema keyRowSchema = keySchema.build();
    RowEncoder keyEncoder =
        Formats.find(keyFormat, "key.format")
            .createEncoder(keyRowSchema, new FormatContext(Configuration.of(keyOptions), "key"));
    return new TableEncoders(forTable, keyEncoder, keyRowSchema, indexes);
  }

  private static Row keyRow(TableEncoders enc, TableId table, Row image) {
    Object[] values = new Object[enc.keyIndexes().length + 1];
    values[0] = table.identifier();
    for (int i = 0; i < enc.keyIndexes().length; i++) {
      values[i + 1] = image.getValue(enc.keyIndexes()[i]);
    }
    return Row.withSchema(enc.keySchema()).attachValues(values);
  }
}
