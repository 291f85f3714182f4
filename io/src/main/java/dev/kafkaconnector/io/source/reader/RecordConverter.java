package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.io.source.KafkaSourceException;
import dev.kafkaconnector.io.source.metadata.MetadataColumn;
import dev.kafkaconnector.io.source.metadata.MetadataKey;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Turns a Kafka record into output rows: the value format's columns followed by the metadata
 * columns. Everything that depends only on the schema is worked out once, in the constructor.
 */
public final class RecordConverter implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Receives converted rows. */
  @FunctionalInterface
  public interface Emitter {
    void emit(Row row);
  }

  private final RowDecoder valueDecoder;
  private final Schema outputSchema;
  private final MetadataKey.Extractor[] metadata;
  private final int physicalCount;

  public RecordConverter(
      RowDecoder valueDecoder, Schema physicalSchema, List<MetadataColumn> metadataColumns) {
    this.valueDecoder = valueDecoder;
    this.physicalCount = physicalSchema.getFieldCount();
    this.outputSchema = outputSchema(physicalSchema, metadataColumns);
    this.metadata = new MetadataKey.Extractor[metadataColumns.size()];
    for (int i = 0; i < metadata.length; i++) {
      metadata[i] = metadataColumns.get(i).key().extractor();
    }
  }

  /** The physical columns followed by the metadata columns. */
  public static Schema outputSchema(Schema physical, List<MetadataColumn> metadataColumns) {
    Schema.Builder builder = Schema.builder();
    physical.getFields().forEach(builder::addField);
    for (MetadataColumn column : metadataColumns) {
      builder.addField(column.name(), column.key().type());
    }
    return builder.build();
  }

  public Schema outputSchema() {
    return outputSchema;
  }

  /**
   * Decodes {@code record} and emits its rows.
   *
   * @throws KafkaSourceException naming topic, partition and offset when the value cannot be
   *     decoded
   */
  public void convert(ConsumerRecord<byte[], byte[]> record, Emitter out) {
    try {
      if (metadata.length == 0) {
        valueDecoder.decode(record.value(), out::emit);
      } else {
        valueDecoder.decode(record.value(), row -> out.emit(withMetadata(row, record)));
      }
    } catch (FormatException e) {
      throw new KafkaSourceException(
          "Cannot decode the value of the record at topic '"
              + record.topic()
              + "' partition "
              + record.partition()
              + " offset "
              + record.offset()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private Row withMetadata(Row physical, ConsumerRecord<byte[], byte[]> record) {
    List<Object> values = new ArrayList<>(physicalCount + metadata.length);
    for (int i = 0; i < physicalCount; i++) {
      values.add(physical.getValue(i));
    }
    for (MetadataKey.Extractor extractor : metadata) {
      values.add(extractor.extract(record));
    }
    return Row.withSchema(outputSchema).attachValues(values);
  }
}
