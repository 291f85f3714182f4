package dev.kafkaconnector.io.source.decode;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.io.common.KeyValueLayout;
import dev.kafkaconnector.io.common.MetadataKey;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns a Kafka record into output rows: the key and value formats' columns put together by the
 * {@link KeyValueLayout}, followed by the metadata columns (record metadata and the value format's
 * metadata). Everything that depends only on the schema is worked out once, when it is built.
 */
public final class RecordDecoder implements RecordHandler<Row>, Serializable {
  private static final long serialVersionUID = 1L;

  /** Receives decoded rows. */
  @FunctionalInterface
  public interface Emitter {
    void emit(Row row);
  }

  private final @Nullable RowDecoder keyDecoder;
  private final RowDecoder valueDecoder;
  private final KeyValueLayout layout;
  private final Schema outputSchema;

  /** Per metadata column: the record metadata extractor, or null for value-format metadata. */
  private final MetadataKey.@Nullable Extractor[] extractors;

  /** Per metadata column: its index in the value decoder's rows, or -1. */
  private final int[] valueMetadataIndex;

  private final boolean passThrough;
  private final boolean upsert;
  private transient @Nullable Row currentKey;

  /** Hands the value decoder's rows on without a new lambda per record (one reader thread). */
  private transient @Nullable Forwarder forwarder;

  /**
   * @param extractors per metadata column, the record metadata extractor or null when the column is
   *     value-format metadata
   * @param valueMetadataIndex per metadata column, its index in the value rows or -1
   */
  public RecordDecoder(
      @Nullable RowDecoder keyDecoder,
      RowDecoder valueDecoder,
      KeyValueLayout layout,
      Schema outputSchema,
      MetadataKey.@Nullable Extractor[] extractors,
      int[] valueMetadataIndex,
      boolean upsert) {
    this.keyDecoder = keyDecoder;
    this.valueDecoder = valueDecoder;
    this.layout = layout;
    this.outputSchema = outputSchema;
    this.extractors = extractors;
    this.valueMetadataIndex = valueMetadataIndex;
    this.upsert = upsert;
    this.passThrough = layout.isValueOnly() && extractors.length == 0 && !upsert;
  }

  public Schema outputSchema() {
    return outputSchema;
  }

  @Override
  public void handle(ConsumerRecord<byte[], byte[]> record, RecordHandler.Emitter<Row> out) {
    if (!passThrough) {
      decode(record, out::emit);
      return;
    }
    Forwarder f = forwarder;
    if (f == null) {
      f = new Forwarder();
      forwarder = f;
    }
    f.target = out;
    try {
      valueDecoder.decode(record.value(), f);
    } catch (FormatException e) {
      throw new BadRecordException(record, e.getMessage(), e);
    } finally {
      f.target = null;
    }
  }

  private static final class Forwarder implements RowDecoder.RowCollector {
    private RecordHandler.@Nullable Emitter<Row> target;

    @Override
    public void collect(Row row) {
      target.emit(row);
    }
  }

  /**
   * Decodes {@code record} and emits its rows (none, one, or several for changelog formats).
   *
   * @throws BadRecordException naming topic, partition, offset and the reason
   */
  public void decode(ConsumerRecord<byte[], byte[]> record, Emitter out) {
    try {
      if (passThrough) {
        valueDecoder.decode(record.value(), out::emit);
        return;
      }
      Row key = decodeKey(record);
      if (upsert && record.value() == null) {
        // A tombstone: a delete of the key, the other columns null.
        Schema valueSchema = layout.valueSchema();
        out.emit(
            combine(
                record,
                key,
                Row.withSchema(valueSchema)
                    .attachValues(
                        new ArrayList<>(
                            java.util.Collections.nCopies(valueSchema.getFieldCount(), null)))));
        return;
      }
      List<Row> values = new ArrayList<>(1);
      valueDecoder.decode(record.value(), values::add);
      for (Row value : values) {
        out.emit(combine(record, key, value));
      }
    } catch (FormatException e) {
      throw new BadRecordException(record, e.getMessage(), e);
    } catch (KeyValueLayout.LayoutException e) {
      throw new BadRecordException(record, e.getMessage(), e);
    }
  }

  private @Nullable Row decodeKey(ConsumerRecord<byte[], byte[]> record) throws FormatException {
    if (keyDecoder == null || record.key() == null) {
      return null;
    }
    currentKey = null;
    try {
      keyDecoder.decode(
          record.key(),
          row -> {
            if (currentKey == null) {
              currentKey = row;
            }
          });
      return currentKey;
    } catch (FormatException e) {
      throw new FormatException(e.format(), e.field(), "in the record key: " + e.getMessage(), e);
    }
  }

  private Row combine(ConsumerRecord<byte[], byte[]> record, @Nullable Row key, Row value)
      throws KeyValueLayout.LayoutException {
    List<Object> values = new ArrayList<>(outputSchema.getFieldCount());
    layout.assemble(key, value, values);
    for (int i = 0; i < extractors.length; i++) {
      MetadataKey.Extractor extractor = extractors[i];
      values.add(
          extractor != null ? extractor.extract(record) : value.getValue(valueMetadataIndex[i]));
    }
    return Row.withSchema(outputSchema).attachValues(values);
  }
}
