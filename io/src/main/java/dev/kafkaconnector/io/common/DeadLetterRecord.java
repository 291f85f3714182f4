package dev.kafkaconnector.io.common;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The schema of the Kafka record inside a source's dead-letter {@code BadRecord} (topic, partition,
 * offset, timestamp, headers, raw key and value bytes), in one place: the source encodes records
 * with it and the schema-transform read decodes them with it.
 */
public final class DeadLetterRecord {
  /** The record's columns; {@code timestamp} is epoch milliseconds, -1 when the record has none. */
  public static final Schema SCHEMA =
      Schema.builder()
          .addStringField("topic")
          .addInt32Field("partition")
          .addInt64Field("offset")
          .addInt64Field("timestamp")
          .addMapField("headers", FieldType.STRING, FieldType.BYTES.withNullable(true))
          .addNullableField("key", FieldType.BYTES)
          .addNullableField("value", FieldType.BYTES)
          .build();

  private DeadLetterRecord() {}
}
