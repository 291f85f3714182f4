package dev.kafkaconnector.io.transforms;

import dev.kafkaconnector.formats.cdc.RowKind;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The change-kind column of the change-stream transforms' rows: a STRING column holding Flink's
 * changelog symbols {@code +I}, {@code -U}, {@code +U}, {@code -D} ({@link RowKind}), as the
 * connector's changelog formats name the kinds in their {@code row-kind} metadata. Named {@value
 * #DEFAULT} unless the configuration's {@code row_kind_column} says otherwise.
 */
final class RowKindColumn {
  /** The column's default name. */
  static final String DEFAULT = "row_kind";

  private RowKindColumn() {}

  /** The configured name, or the default; a blank name is an error naming the field. */
  static String name(TransformOptions names, @Nullable String configured) {
    if (configured == null) {
      return DEFAULT;
    }
    if (configured.isBlank()) {
      throw names.error("field 'row_kind_column' is blank");
    }
    return configured;
  }
}
