package dev.kafkaconnector.io.source.decode;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.METADATA_LIST;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.KeyValueLayout;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Builds a source's {@link RecordDecoder} from its options: the formats and layout of {@link
 * FormatSelection} and the metadata columns ({@code metadata.list} and the typed ones).
 */
public final class DecoderFactory {
  private DecoderFactory() {}

  /**
   * The decoder of records into rows of {@code physical} plus the metadata columns.
   *
   * @param upsert whether the table is upsert-kafka: a tombstone is then a delete row (key columns
   *     set, others null) and the metadata key {@code row-kind} gives +U or -D
   */
  public static RecordDecoder create(
      Map<String, String> options,
      FormatSelection formats,
      Schema physical,
      List<MetadataColumn> typedMetadata,
      boolean upsert) {
    return create(options, formats, physical, typedMetadata, upsert, null);
  }

  /**
   * The decoder of only the {@code selected} columns (projection push-down): physical columns among
   * them in table order, then the selected metadata columns. The formats are given the whole key
   * and value schemas and the selected parts, so that they can leave the other columns undecoded;
   * the key is not decoded at all when no key column is selected. Everything is still validated
   * against the whole table.
   *
   * @param selected names of physical and metadata columns, or null for all
   * @throws IllegalArgumentException as the other method, or naming a selected column the table
   *     does not have
   */
  public static RecordDecoder create(
      Map<String, String> options,
      FormatSelection formats,
      Schema physical,
      List<MetadataColumn> typedMetadata,
      boolean upsert,
      @Nullable Set<String> selected) {
    KeyValueLayout whole = formats.layout(physical);
    if (upsert) {
      checkNullableValueColumns(whole);
    }
    FormatFactory valueFormat = formats.valueFormat();
    List<MetadataColumn> metadata =
        metadataColumns(Configuration.of(options), valueFormat, typedMetadata, physical, upsert);
    KeyValueLayout layout = whole;
    if (selected != null) {
      checkSelected(selected, physical, metadata);
      layout = formats.layout(physical, selected);
      metadata = metadata.stream().filter(m -> selected.contains(m.name())).toList();
    }
    List<String> valueMetadataKeys = formatMetadataKeys(metadata);
    Schema valueSchema = layout.valueSchema();
    RowDecoder valueDecoder =
        valueFormat.createDecoder(
            whole.valueSchema(),
            valueSchema,
            new FormatContext(formats.valueOptions(), "value", valueMetadataKeys));
    RowDecoder keyDecoder = keyDecoder(formats, whole, layout, selected != null);
    Schema produced = ProducedSchema.of(valueSchema, valueFormat, valueMetadataKeys);

    Schema.Builder output = Schema.builder();
    physical.getFields().stream()
        .filter(f -> selected == null || selected.contains(f.getName()))
        .forEach(output::addField);
    MetadataKey.Extractor[] extractors = new MetadataKey.Extractor[metadata.size()];
    int[] valueIndex = new int[metadata.size()];
    for (int i = 0; i < metadata.size(); i++) {
      MetadataColumn column = metadata.get(i);
      if (column.isFormatMetadata()) {
        int index = valueSchema.getFieldCount() + valueMetadataKeys.indexOf(column.formatKey());
        valueIndex[i] = index;
        output.addField(column.name(), produced.getField(index).getType());
      } else if (upsert && column.key().equals(KafkaConnectorOptions.ROW_KIND_KEY)) {
        extractors[i] = record -> record.value() == null ? "-D" : "+U";
        valueIndex[i] = -1;
        output.addField(column.name(), Schema.FieldType.STRING);
      } else {
        MetadataKey key = MetadataKey.fromKey(column.key()).orElseThrow();
        extractors[i] = key.extractor();
        valueIndex[i] = -1;
        output.addField(column.name(), key.type());
      }
    }
    if (upsert) {
      output.setOptions(primaryKeyOption(options));
    }
    return new RecordDecoder(
        keyDecoder, valueDecoder, layout, output.build(), extractors, valueIndex, upsert);
  }

  /**
   * Every value column of an upsert-kafka table that is not a key column must be nullable: a
   * tombstone (delete) has only the key columns.
   */
  private static void checkNullableValueColumns(KeyValueLayout whole) {
    for (Schema.Field field : whole.valueSchema().getFields()) {
      String name = field.getName();
      boolean keyColumn = whole.keySchema().hasField(name);
      if (!keyColumn && !Boolean.TRUE.equals(field.getType().getNullable())) {
        throw new IllegalArgumentException(
            "Column '"
                + name
                + "' of an upsert-kafka table must be nullable: a tombstone"
                + " (delete) has only the key columns");
      }
    }
  }

  /** The value format's metadata keys that {@code metadata} reads, each once, in order. */
  private static List<String> formatMetadataKeys(List<MetadataColumn> metadata) {
    List<String> valueMetadataKeys = new ArrayList<>();
    for (MetadataColumn column : metadata) {
      if (column.isFormatMetadata() && !valueMetadataKeys.contains(column.formatKey())) {
        valueMetadataKeys.add(column.formatKey());
      }
    }
    return valueMetadataKeys;
  }

  /**
   * The key's decoder; null without a key format, or when columns are {@code projected} and none of
   * the key's is selected.
   */
  private static @Nullable RowDecoder keyDecoder(
      FormatSelection formats, KeyValueLayout whole, KeyValueLayout layout, boolean projected) {
    FormatFactory keyFormat = formats.keyFormat();
    return keyFormat == null || (projected && !layout.readsKey())
        ? null
        : keyFormat.createDecoder(
            whole.keySchema(), layout.keySchema(), new FormatContext(formats.keyOptions(), "key"));
  }

  /** The schema option that names an upsert read's primary key (its key.fields). */
  private static Schema.Options primaryKeyOption(Map<String, String> options) {
    return Schema.Options.builder()
        .setOption(
            KafkaConnectorOptions.PRIMARY_KEY_SCHEMA_OPTION,
            Schema.FieldType.STRING,
            Configuration.of(options).get(KafkaConnectorOptions.KEY_FIELDS))
        .build();
  }

  private static void checkSelected(
      Set<String> selected, Schema physical, List<MetadataColumn> metadata) {
    Set<String> known = new java.util.LinkedHashSet<>(physical.getFieldNames());
    metadata.forEach(m -> known.add(m.name()));
    for (String name : selected) {
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            "Projected column '"
                + name
                + "' is not a column of the source; its columns are "
                + known);
      }
    }
  }

  private static List<MetadataColumn> metadataColumns(
      Configuration conf,
      FormatFactory valueFormat,
      List<MetadataColumn> typed,
      Schema physical,
      boolean upsert) {
    List<MetadataColumn> columns =
        new ArrayList<>(MetadataColumn.parseList(conf.get(METADATA_LIST)));
    columns.addAll(typed);
    Set<String> readable = new HashSet<>();
    valueFormat
        .readableMetadata()
        .forEach(m -> readable.add(MetadataColumn.VALUE_PREFIX + m.key()));
    Set<String> names = new HashSet<>(physical.getFieldNames());
    for (MetadataColumn column : columns) {
      boolean known =
          column.isFormatMetadata()
              ? readable.contains(column.key())
              : MetadataKey.fromKey(column.key()).isPresent()
                  || (upsert && column.key().equals(KafkaConnectorOptions.ROW_KIND_KEY));
      if (!known) {
        throw new IllegalArgumentException(
            "Unknown metadata key '"
                + column.key()
                + "' in option 'metadata.list'. Available"
                + " keys: "
                + MetadataKey.allKeys()
                + (upsert ? ", row-kind" : "")
                + " and, from value format '"
                + valueFormat.identifier()
                + "': "
                + readable);
      }
      if (!names.add(column.name())) {
        throw new IllegalArgumentException(
            "Metadata column '"
                + column.name()
                + "' (option 'metadata.list' or"
                + " withMetadataColumn) has the same name as another column; map the key to"
                + " another name with withMetadataColumn(name, key)");
      }
    }
    return columns;
  }
}
