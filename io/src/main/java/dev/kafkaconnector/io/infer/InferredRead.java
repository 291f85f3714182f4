package dev.kafkaconnector.io.infer;

import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.schema.infer.RowFlattener;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a read without schema runs with once its schema is inferred: the options with the inferred
 * key layout ({@code key.fields}, {@code value.fields-include}), the physical columns the formats
 * decode (nested objects as ROWs when flattening), the metadata columns (plus the raw-key column,
 * which is the {@code __raw_key__} metadata), and, when the decoded row is not already the output
 * row, the step that flattens and orders it.
 *
 * @param options the source options to read with
 * @param physicalSchema the columns the key and value formats decode
 * @param metadataColumns the typed metadata columns to read with
 * @param reshape turns decoded rows into output rows, or null when they are the same
 * @param outputSchema the schema of the rows the read outputs ({@code inferSchema} returns it)
 * @param sampledRecords how many records were sampled
 * @param primaryKey the primary key of an upsert read (the key's columns), empty for a plain read
 */
public record InferredRead(
    Map<String, String> options,
    Schema physicalSchema,
    List<MetadataColumn> metadataColumns,
    @Nullable RowFlattener reshape,
    Schema outputSchema,
    long sampledRecords,
    List<String> primaryKey)
    implements java.io.Serializable {
  public InferredRead {
    primaryKey = List.copyOf(primaryKey);
    options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
    metadataColumns = List.copyOf(metadataColumns);
  }
}
