package dev.kafkaconnector.io.sink;

import static dev.kafkaconnector.io.sink.SinkOptionsParser.ROW_KIND;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KeyValueLayout;
import dev.kafkaconnector.io.common.MetadataKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * Makes the {@link RowRecordEncoder} of a sink whose options {@link SinkOptionsParser} validated:
 * which input columns are physical and which metadata, the key and value encoders of the formats,
 * and the change kind of changelog formats. Kept apart from the validation of the options.
 */
final class SinkEncoders {
  private SinkEncoders() {}

  /**
   * The encoder of the input's rows: the physical columns (those not written as metadata) go to key
   * and value by the layout, the metadata columns' indexes to the record's metadata.
   *
   * @param metadata column name to writable metadata key
   * @param warnings where to add what the sink's log should say
   */
  static RowRecordEncoder create(
      String topic,
      FormatSelection formats,
      Schema input,
      Map<String, String> metadata,
      List<String> warnings,
      boolean upsert) {
    Schema.Builder physicalBuilder = Schema.builder();
    List<Integer> physicalIndex = new ArrayList<>();
    for (int i = 0; i < input.getFieldCount(); i++) {
      Schema.Field field = input.getField(i);
      if (!metadata.containsKey(field.getName())) {
        physicalBuilder.addField(field);
        physicalIndex.add(i);
      }
    }
    Schema physical = physicalBuilder.build();
    KeyValueLayout layout = formats.layout(physical);
    FormatFactory valueFormat = formats.valueFormat();
    boolean changelog =
        valueFormat.readableMetadata().stream().anyMatch(m -> m.key().equals(ROW_KIND));
    int rowKind = index(input, metadata, ROW_KIND);
    List<String> written = new ArrayList<>();
    metadata.values().stream()
        .filter(k -> k.startsWith(FormatMetadata.WRITE_PREFIX))
        .forEach(written::add);
    Schema valueEncoderSchema =
        valueEncoderSchema(
            layout.valueSchema(), changelog && rowKind >= 0, input, metadata, written);
    if (!changelog && !upsert && rowKind >= 0) {
      warnings.add(insertsOnly(valueFormat));
    }
    RowEncoder valueEncoder =
        valueFormat.createEncoder(
            valueEncoderSchema,
            new FormatContext(formats.valueOptions(), "value").withTopic(topic));
    FormatFactory keyFormat = formats.keyFormat();
    RowEncoder keyEncoder =
        keyFormat == null
            ? null
            : keyFormat.createEncoder(
                layout.keySchema(),
                new FormatContext(formats.keyOptions(), "key").withTopic(topic));
    RowRecordEncoder.MetadataIndexes indexes =
        new RowRecordEncoder.MetadataIndexes(
            index(input, metadata, MetadataKey.TOPIC.key()),
            index(input, metadata, MetadataKey.PARTITION.key()),
            index(input, metadata, MetadataKey.TIMESTAMP.key()),
            index(input, metadata, MetadataKey.HEADERS.key()),
            rowKind,
            written.stream().mapToInt(key -> index(input, metadata, key)).toArray());
    return new RowRecordEncoder(
        topic,
        physical,
        physicalIndex.stream().mapToInt(Integer::intValue).toArray(),
        layout,
        keyEncoder,
        valueEncoder,
        valueFormat.identifier(),
        valueEncoderSchema,
        changelog,
        upsert,
        indexes);
  }

  /**
   * The schema the value format encodes: the value columns, the change kind after them when a
   * changelog format writes it, then the format's written metadata ({@code value.<key>}, typed as
   * the input column).
   */
  private static Schema valueEncoderSchema(
      Schema valueSchema,
      boolean withRowKind,
      Schema input,
      Map<String, String> metadata,
      List<String> written) {
    if (!withRowKind && written.isEmpty()) {
      return valueSchema;
    }
    if (withRowKind && valueSchema.hasField(ROW_KIND)) {
      throw new IllegalArgumentException(
          "Column '" + ROW_KIND + "' is both a value column and the change kind");
    }
    Schema.Builder b = Schema.builder();
    valueSchema.getFields().forEach(b::addField);
    if (withRowKind) {
      b.addNullableField(ROW_KIND, FieldType.STRING);
    }
    for (String key : written) {
      if (valueSchema.hasField(key)) {
        throw new IllegalArgumentException(
            "Column '"
                + key
                + "' is both a value column and the metadata written as '"
                + key
                + "'");
      }
      b.addNullableField(key, input.getField(input.indexOf(column(metadata, key))).getType());
    }
    return b.build();
  }

  /** The input column that {@code metadata} maps to {@code key}. */
  private static String column(Map<String, String> metadata, String key) {
    return metadata.entrySet().stream()
        .filter(e -> e.getValue().equals(key))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow();
  }

  /** The warning for a change kind column that a format writing inserts only cannot write. */
  private static String insertsOnly(FormatFactory valueFormat) {
    return "Value format '"
        + valueFormat.identifier()
        + "' writes inserts only: rows whose '"
        + ROW_KIND
        + "' is -U, +U or -D are bad rows; use upsert-kafka or a changelog"
        + " format (debezium-json, canal-json, maxwell-json) to write them";
  }

  private static int index(Schema input, Map<String, String> metadata, String key) {
    for (Map.Entry<String, String> e : metadata.entrySet()) {
      if (e.getValue().equals(key)) {
        return input.indexOf(e.getKey());
      }
    }
    return -1;
  }
}
