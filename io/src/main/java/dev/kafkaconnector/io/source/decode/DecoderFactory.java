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
    KeyValueLayout layout = formats.layout(physical);
    if (upsert) {
      for (Schema.Field field : layout.valueSchema().getFields()) {
        String name = field.getName();
        boolean keyColumn = layout.keySchema().hasField(name);
        if (!keyColumn && !Boolean.TRUE.equals(field.getType().getNullable())) {
          throw new IllegalArgumentException(
              "Column '" + name + "' of an upsert-kafka table must be nullable: a tombstone"
                  + " (delete) has only the key columns");
        }
      }
    }
    FormatFactory valueFormat = formats.valueFormat();
    List<MetadataColumn> metadata =
        metadataColumns(Configuration.of(options), valueFormat, typedMetadata, physical, upsert);
    List<String> valueMetadataKeys = new ArrayList<>();
    for (MetadataColumn column : metadata) {
      if (column.isFormatMetadata() && !valueMetadataKeys.contains(column.formatKey())) {
        valueMetadataKeys.add(column.formatKey());
      }
    }
    Schema valueSchema = layout.valueSchema();
    RowDecoder valueDecoder =
        valueFormat.createDecoder(
            valueSchema, new FormatContext(formats.valueOptions(), "value", valueMetadataKeys));
    FormatFactory keyFormat = formats.keyFormat();
    RowDecoder keyDecoder =
        keyFormat == null
            ? null
            : keyFormat.createDecoder(
                layout.keySchema(), new FormatContext(formats.keyOptions(), "key"));
    Schema produced = ProducedSchema.of(valueSchema, valueFormat, valueMetadataKeys);

    Schema.Builder output = Schema.builder();
    physical.getFields().forEach(output::addField);
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
      output.setOptions(
          Schema.Options.builder()
              .setOption(
                  KafkaConnectorOptions.PRIMARY_KEY_SCHEMA_OPTION,
                  Schema.FieldType.STRING,
                  Configuration.of(options).get(KafkaConnectorOptions.KEY_FIELDS))
              .build());
    }
    return new RecordDecoder(
        keyDecoder, valueDecoder, layout, output.build(), extractors, valueIndex, upsert);
  }

  private static List<MetadataColumn> metadataColumns(
      Configuration conf,
      FormatFactory valueFormat,
      List<MetadataColumn> typed,
      Schema physical,
      boolean upsert) {
    List<MetadataColumn> columns = new ArrayList<>(MetadataColumn.parseList(conf.get(METADATA_LIST)));
    columns.addAll(typed);
    Set<String> readable = new HashSet<>();
    valueFormat.readableMetadata().forEach(m -> readable.add(MetadataColumn.VALUE_PREFIX + m.key()));
    Set<String> names = new HashSet<>(physical.getFieldNames());
    for (MetadataColumn column : columns) {
      boolean known =
          column.isFormatMetadata()
              ? readable.contains(column.key())
              : MetadataKey.fromKey(column.key()).isPresent()
                  || (upsert && column.key().equals(KafkaConnectorOptions.ROW_KIND_KEY));
      if (!known) {
        throw new IllegalArgumentException(
            "Unknown metadata key '" + column.key() + "' in option 'metadata.list'. Available"
                + " keys: " + MetadataKey.allKeys() + (upsert ? ", row-kind" : "")
                + " and, from value format '"
                + valueFormat.identifier() + "': " + readable);
      }
      if (!names.add(column.name())) {
        throw new IllegalArgumentException(
            "Metadata column '" + column.name() + "' (option 'metadata.list' or"
                + " withMetadataColumn) has the same name as another column; map the key to"
                + " another name with withMetadataColumn(name, key)");
      }
    }
    return columns;
  }
}
