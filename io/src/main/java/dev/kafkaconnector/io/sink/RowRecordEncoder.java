package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.cdc.RowKind;
import dev.kafkaconnector.formats.cdc.UpdateEncoder;
import dev.kafkaconnector.io.common.KeyValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.ReadableInstant;

/**
 * Turns an input row into a record: the physical columns split into key and value by the {@link
 * KeyValueLayout} and encoded by the key and value formats, and the metadata columns (topic,
 * partition, timestamp, headers, row kind) taken as record metadata. Worked out once, when the sink
 * is applied; per row it only copies values by index.
 */
final class RowRecordEncoder implements RecordEncoder<Row> {
  private static final long serialVersionUID = 1L;

  /**
   * Where the metadata of a record comes from: input column indexes, -1 when absent; {@code
   * formatMetadata} holds the columns of the value format's written metadata ({@code value.<key>}),
   * in the order the value encoder's schema has them.
   */
  record MetadataIndexes(
      int topic, int partition, int timestamp, int headers, int rowKind, int[] formatMetadata)
      implements java.io.Serializable {}

  private final @Nullable String fixedTopic;
  private final Schema physical;
  private final int[] physicalIndex;
  private final KeyValueLayout layout;
  private final @Nullable RowEncoder keyEncoder;
  private final RowEncoder valueEncoder;
  private final String valueFormat;

  /** The value encoder's schema: the layout's value columns, plus row-kind for changelogs. */
  private final Schema valueEncoderSchema;

  private final boolean changelog;
  private final boolean upsert;
  private final MetadataIndexes metadata;

  RowRecordEncoder(
      @Nullable String fixedTopic,
      Schema physical,
      int[] physicalIndex,
      KeyValueLayout layout,
      @Nullable RowEncoder keyEncoder,
      RowEncoder valueEncoder,
      String valueFormat,
      Schema valueEncoderSchema,
      boolean changelog,
      boolean upsert,
      MetadataIndexes metadata) {
    this.fixedTopic = fixedTopic;
    this.physical = physical;
    this.physicalIndex = physicalIndex;
    this.layout = layout;
    this.keyEncoder = keyEncoder;
    this.valueEncoder = valueEncoder;
    this.valueFormat = valueFormat;
    this.valueEncoderSchema = valueEncoderSchema;
    this.changelog = changelog;
    this.upsert = upsert;
    this.metadata = metadata;
  }

  /** The change kind of {@code row}: its row-kind column, or +I without one. */
  RowKind kind(Row row) throws BadRowException {
    if (metadata.rowKind() < 0) {
      return RowKind.INSERT;
    }
    Object value = row.getValue(metadata.rowKind());
    RowKind kind = value instanceof String ? RowKind.ofSymbol((String) value) : null;
    if (kind == null) {
      throw new BadRowException(
          "row-kind",
          "expected the change kind +I, -U, +U or -D but found "
              + (value == null ? "null" : "'" + value + "'"),
          null);
    }
    return kind;
  }

  /** Whether updates can be written as one message of both images. */
  @Override
  public boolean writesUpdates() {
    return changelog && valueEncoder instanceof UpdateEncoder;
  }

  @Override
  public boolean isUpdateBefore(Row row) {
    return is(row, RowKind.UPDATE_BEFORE);
  }

  @Override
  public boolean isUpdateAfter(Row row) {
    return is(row, RowKind.UPDATE_AFTER);
  }

  private boolean is(Row row, RowKind expected) {
    try {
      return kind(row) == expected;
    } catch (BadRowException e) {
      return false;
    }
  }

  @Override
  public Row partitionerRow(Row row) {
    return row;
  }

  @Override
  public String destination() {
    return fixedTopic != null
        ? "topic '" + fixedTopic + "'"
        : "topic from the row's 'topic' column";
  }

  /** Encodes one row; null for a row an upsert table does not write (a {@code -U}). */
  @Override
  public @Nullable EncodedRecord encode(Row row) throws BadRowException {
    RowKind kind = kind(row);
    if (upsert) {
      if (kind == RowKind.UPDATE_BEFORE) {
        return null;
      }
      Row physicalRow = physicalRow(row);
      byte[] value = null;
      if (kind != RowKind.DELETE) {
        try {
          value = valueEncoder.encode(valueRow(physicalRow, row));
        } catch (FormatException e) {
          throw new BadRowException(e.field(), "value: " + e.getMessage(), e);
        }
      }
      EncodedRecord record = record(row, physicalRow, value);
      if (record.key() == null) {
        throw new BadRowException(
            null, "an upsert-kafka row needs a key, but its key is empty", null);
      }
      return record;
    }
    if (!changelog && kind != RowKind.INSERT) {
      throw new BadRowException(
          "row-kind",
          "value format '"
              + valueFormat
              + "' writes inserts only, but the row's change kind is '"
              + kind.symbol()
              + "'; use upsert-kafka or a changelog format (debezium-json,"
              + " canal-json, maxwell-json)",
          null);
    }
    Row physicalRow = physicalRow(row);
    byte[] value;
    try {
      value = valueEncoder.encode(valueRow(physicalRow, row));
    } catch (FormatException e) {
      throw new BadRowException(e.field(), "value: " + e.getMessage(), e);
    }
    return record(row, physicalRow, value);
  }

  /** Encodes an update as one message holding both images ({@link #writesUpdates()}). */
  @Override
  public EncodedRecord encodeUpdate(Row before, Row after) throws BadRowException {
    Row physicalAfter = physicalRow(after);
    byte[] value;
    try {
      value =
          ((UpdateEncoder) valueEncoder)
              .encodeUpdate(valueRow(physicalRow(before), before), valueRow(physicalAfter, after));
    } catch (FormatException e) {
      throw new BadRowException(e.field(), "value: " + e.getMessage(), e);
    }
    return record(after, physicalAfter, value);
  }

  private EncodedRecord record(Row row, Row physicalRow, byte @Nullable [] value)
      throws BadRowException {
    byte[] key = null;
    if (keyEncoder != null) {
      try {
        key = keyEncoder.encode(layout.keyRow(physicalRow));
      } catch (FormatException e) {
        throw new BadRowException(e.field(), "key: " + e.getMessage(), e);
      }
    }
    String topic = fixedTopic;
    if (topic == null) {
      topic = row.getString(metadata.topic());
      if (topic == null || topic.isEmpty()) {
        throw new BadRowException(
            physicalName(metadata.topic(), row), "no topic: the 'topic' column is empty", null);
      }
    }
    Integer partition = metadata.partition() < 0 ? null : row.getInt32(metadata.partition());
    if (partition != null && partition < 0) {
      throw new BadRowException(
          physicalName(metadata.partition(), row),
          "the partition " + partition + " is negative (the 'partition' metadata column)",
          null);
    }
    Long timestamp = null;
    if (metadata.timestamp() >= 0) {
      ReadableInstant instant = row.getDateTime(metadata.timestamp());
      timestamp = instant == null ? null : instant.getMillis();
      if (timestamp != null && timestamp < 0) {
        throw new BadRowException(
            physicalName(metadata.timestamp(), row),
            "the timestamp "
                + instant
                + " is before 1970-01-01T00:00:00Z; a Kafka record"
                + " timestamp is non-negative epoch milliseconds (the 'timestamp' metadata column)",
            null);
      }
    }
    Map<String, byte[]> headers = metadata.headers() < 0 ? null : row.getMap(metadata.headers());
    if (headers != null && headers.containsKey(null)) {
      throw new BadRowException(
          physicalName(metadata.headers(), row),
          "a header has a null key (the 'headers' metadata column); Kafka header keys are"
              + " strings",
          null);
    }
    return new EncodedRecord(topic, partition, timestamp, key, value, headers);
  }

  private Row physicalRow(Row row) {
    List<Object> values = new ArrayList<>(physicalIndex.length);
    for (int index : physicalIndex) {
      values.add(row.getValue(index));
    }
    return Row.withSchema(physical).attachValues(values);
  }

  /** The value columns, then row-kind for a changelog format, then written format metadata. */
  private Row valueRow(Row physicalRow, Row row) {
    Row value = layout.valueRow(physicalRow);
    boolean withKind = changelog && metadata.rowKind() >= 0;
    if (!withKind && metadata.formatMetadata().length == 0) {
      return value;
    }
    List<Object> values = new ArrayList<>(value.getValues());
    if (withKind) {
      values.add(row.getValue(metadata.rowKind()));
    }
    for (int index : metadata.formatMetadata()) {
      values.add(row.getValue(index));
    }
    return Row.withSchema(valueEncoderSchema).attachValues(values);
  }

  private static String physicalName(int index, Row row) {
    return row.getSchema().getField(index).getName();
  }
}
