package dev.kafkaconnector.io.sink;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SINK_METADATA_LIST;
import static dev.kafkaconnector.io.sink.SinkOptionsParser.ROW_KIND;

import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.Schema.TypeName;

/**
 * The metadata columns of a sink's input ({@code metadata.list} and {@code withMetadataColumn}):
 * each maps to a writable record metadata key ({@code timestamp}, {@code headers}, {@code topic},
 * {@code partition}), to {@code row-kind}, or to metadata the value format writes into the message
 * ({@code value.<key>}, see {@link FormatFactory#writableMetadata()}), and has that key's type.
 */
final class SinkMetadataColumns {
  private SinkMetadataColumns() {}

  /** Column name to writable metadata key, checked against the input schema. */
  static Map<String, String> of(
      Configuration conf, List<MetadataColumn> typed, Schema input, FormatSelection formats) {
    List<MetadataColumn> columns =
        new ArrayList<>(MetadataColumn.parseList(conf.get(SINK_METADATA_LIST)));
    columns.addAll(typed);
    Map<String, String> out = new LinkedHashMap<>();
    Set<String> keys = new HashSet<>();
    for (MetadataColumn column : columns) {
      String key = column.key();
      FieldType expected;
      if (key.equals(ROW_KIND)) {
        expected = FieldType.STRING;
      } else if (column.isFormatMetadata()) {
        expected = writableFormatMetadata(column, formats).type();
      } else {
        MetadataKey metadataKey = MetadataKey.fromKey(key).orElse(null);
        if (metadataKey == null || !metadataKey.writable()) {
          throw new IllegalArgumentException(
              "Metadata key '"
                  + key
                  + "' (option 'metadata.list' or withMetadataColumn) cannot"
                  + " be written; writable keys: [timestamp, headers, topic, partition, "
                  + ROW_KIND
                  + "]");
        }
        expected = metadataKey.type();
      }
      if (!input.hasField(column.name())) {
        throw new IllegalArgumentException(
            "Metadata column '"
                + column.name()
                + "' (key '"
                + key
                + "') is not in the input"
                + " schema "
                + input.getFieldNames());
      }
      FieldType actual = input.getField(column.name()).getType();
      if (column.isFormatMetadata() ? !sameShape(actual, expected) : !sameType(actual, expected)) {
        throw new IllegalArgumentException(
            "Metadata column '"
                + column.name()
                + "' (key '"
                + key
                + "') must be "
                + expected.withNullable(true)
                + " but is "
                + actual);
      }
      if (!keys.add(key)) {
        throw new IllegalArgumentException(
            "Metadata key '" + key + "' is written from two columns; map it once");
      }
      out.put(column.name(), key);
    }
    return out;
  }

  /**
   * The value format's writable metadata that {@code column} ({@code value.<key>}) names.
   *
   * @throws IllegalArgumentException naming the key and the keys the format writes
   */
  private static FormatMetadata writableFormatMetadata(
      MetadataColumn column, FormatSelection formats) {
    FormatFactory format = formats.valueFormat();
    return format.writableMetadata().stream()
        .filter(m -> m.key().equals(column.formatKey()))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "Metadata key '"
                        + column.key()
                        + "' (column '"
                        + column.name()
                        + "') cannot be written: value format '"
                        + format.identifier()
                        + "' writes "
                        + (format.writableMetadata().isEmpty()
                            ? "no metadata"
                            : format.writableMetadata().stream()
                                .map(m -> MetadataColumn.VALUE_PREFIX + m.key())
                                .toList())));
  }

  /** The same type, nullability and element nullability aside (format metadata, from SQL). */
  private static boolean sameShape(FieldType actual, FieldType expected) {
    if (actual.getTypeName() != expected.getTypeName()) {
      return false;
    }
    return switch (expected.getTypeName()) {
      case ARRAY, ITERABLE ->
          sameShape(actual.getCollectionElementType(), expected.getCollectionElementType());
      case MAP ->
          sameShape(actual.getMapKeyType(), expected.getMapKeyType())
              && sameShape(actual.getMapValueType(), expected.getMapValueType());
      default -> actual.withNullable(false).equals(expected.withNullable(false));
    };
  }

  private static boolean sameType(FieldType actual, FieldType expected) {
    if (expected.getTypeName() == TypeName.MAP) {
      return actual.getTypeName() == TypeName.MAP
          && actual.getMapKeyType().getTypeName() == TypeName.STRING
          && actual.getMapValueType().getTypeName() == TypeName.BYTES;
    }
    return actual.withNullable(false).equals(expected.withNullable(false));
  }
}
