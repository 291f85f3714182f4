package dev.kafkaconnector.io.pipeline;

import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One rule of the {@code transform} block: for the tables matching {@code source-table} (table
 * patterns as in {@code route}), the {@code projection} (columns, {@code *}, {@code expr AS name})
 * and the {@code filter} (a boolean expression) in Calcite's SQL, the {@code primary-keys} and
 * {@code partition-keys} of the result.
 */
public record TransformDefinition(
    String path,
    String sourceTable,
    @Nullable String projection,
    @Nullable String filter,
    List<String> primaryKeys,
    List<String> partitionKeys,
    @Nullable String description)
    implements java.io.Serializable {
  public TransformDefinition {
    primaryKeys = List.copyOf(primaryKeys);
    partitionKeys = List.copyOf(partitionKeys);
  }
}
