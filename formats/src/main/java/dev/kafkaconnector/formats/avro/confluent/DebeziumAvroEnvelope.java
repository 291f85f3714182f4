package dev.kafkaconnector.formats.avro.confluent;

import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * Debezium's change envelope as Flink's {@code debezium-avro-confluent} reads and writes it: a
 * record of {@code before} and {@code after} (the row's images, each nullable) and {@code op}
 * ({@code c} create, {@code r} snapshot read, {@code u} update, {@code d} delete). Debezium's other
 * fields ({@code source}, {@code ts_ms}, {@code transaction}) are skipped when read.
 */
final class DebeziumAvroEnvelope {
  private DebeziumAvroEnvelope() {}

  static final String BEFORE = "before";
  static final String AFTER = "after";
  static final String OP = "op";

  /** The envelope of rows of {@code columns}. */
  static Schema of(Schema columns) {
    return Schema.builder()
        .addNullableField(BEFORE, FieldType.row(columns))
        .addNullableField(AFTER, FieldType.row(columns))
        .addStringField(OP)
        .build();
  }
}
