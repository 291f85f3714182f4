package dev.kafkaconnector.runners.read;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/** The documented schema of dead-letter records (see the README), restated by the tests. */
final class BadRecordSchema {
  static final Schema KAFKA_RECORD =
      Schema.builder()
          .addStringField("topic")
          .addInt32Field("partition")
          .addInt64Field("offset")
          .addInt64Field("timestamp")
          .addMapField("headers", FieldType.STRING, FieldType.BYTES.withNullable(true))
          .addNullableField("key", FieldType.BYTES)
          .addNullableField("value", FieldType.BYTES)
          .build();

  private BadRecordSchema() {}
}
