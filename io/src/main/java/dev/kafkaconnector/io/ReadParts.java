package dev.kafkaconnector.io;

import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.infer.InferredRead;
import dev.kafkaconnector.io.source.spec.EventTimeFunction;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a {@link KafkaConnectorRead} holds besides its options; immutable, each {@code with} a copy.
 *
 * @param schema the columns the formats fill, or null to infer them
 * @param metadataColumns the metadata columns of the typed API
 * @param badRecordHandler the dead-letter output, or null for the option's policy
 * @param primaryKey the primary key of an upsert read
 * @param inferred a schema inferred earlier (by the catalog, when the query was planned), or null
 * @param projection the only columns to output (projection push-down), or null for all
 * @param eventTime computes each row's event time, or null
 */
record ReadParts(
    @Nullable Schema schema,
    List<MetadataColumn> metadataColumns,
    @Nullable ErrorHandler<BadRecord, ?> badRecordHandler,
    List<String> primaryKey,
    @Nullable InferredRead inferred,
    @Nullable Set<String> projection,
    @Nullable EventTimeFunction eventTime)
    implements java.io.Serializable {

  static final ReadParts NONE = new ReadParts(null, List.of(), null, List.of(), null, null, null);

  /** These parts with the columns of the formats and the typed metadata columns replaced. */
  ReadParts withColumns(@Nullable Schema newSchema, List<MetadataColumn> columns) {
    return new ReadParts(
        newSchema,
        columns,
        badRecordHandler,
        primaryKey,
        newSchema == null ? inferred : null,
        projection,
        eventTime);
  }

  /** Only the dead-letter output and event time kept, with a schema inferred earlier. */
  ReadParts withInferred(InferredRead read) {
    return new ReadParts(null, List.of(), badRecordHandler, List.of(), read, null, eventTime);
  }

  ReadParts withBadRecordHandler(ErrorHandler<BadRecord, ?> handler) {
    return new ReadParts(
        schema, metadataColumns, handler, primaryKey, inferred, projection, eventTime);
  }

  ReadParts withPrimaryKey(List<String> key) {
    return new ReadParts(
        schema, metadataColumns, badRecordHandler, key, inferred, projection, eventTime);
  }

  ReadParts withProjection(Set<String> columns) {
    return new ReadParts(
        schema, metadataColumns, badRecordHandler, primaryKey, inferred, columns, eventTime);
  }

  ReadParts withEventTime(EventTimeFunction function) {
    return new ReadParts(
        schema, metadataColumns, badRecordHandler, primaryKey, inferred, projection, function);
  }

  /** The parts of a read with the schema, layout and options of {@code read}. */
  ReadParts concrete(InferredRead read) {
    return new ReadParts(
        read.physicalSchema(),
        read.metadataColumns(),
        badRecordHandler,
        read.primaryKey().isEmpty() ? primaryKey : read.primaryKey(),
        null,
        null,
        eventTime);
  }
}
