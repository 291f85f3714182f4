package dev.kafkaconnector.io.options;

import static dev.kafkaconnector.io.options.KafkaConnectorOptions.*;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.ProducedSchema;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.source.decode.KeyValueLayout;
import dev.kafkaconnector.io.source.decode.RecordDecoder;
import dev.kafkaconnector.io.source.metadata.MetadataColumn;
import dev.kafkaconnector.io.source.metadata.MetadataKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The decoding half of a source's options: the key and value formats with their (scoped)
 * options, the key/value column layout and the metadata columns, turned into a {@link
 * RecordDecoder}. Format options are read from {@code <format>.*}, overridden for one side by
 * {@code key.<format>.*} or {@code value.<format>.*}.
 */
final class DecoderOptionsParser {
  static final String KEY_SCOPE = "key.";
  static final String VALUE_SCOPE = "value.";

  private final Configuration conf;
  private final Map<String, String> options;
  private final FormatFactory valueFormat;
  private final @Nullable FormatFactory keyFormat;

  DecoderOptionsParser(Map<String, String> options) {
    this.options = options;
    this.conf = Configuration.of(options);
    String valueId = conf.getOptional(VALUE_FORMAT).orElse(conf.get(FORMAT));
    if (valueId == null || valueId.isBlank()) {
      throw new IllegalArgumentException(
          "Option 'format' (or 'value.format') is required, for example 'format' = 'raw'");
    }
    this.valueFormat =
        Formats.find(valueId.trim(), conf.contains(VALUE_FORMAT) ? "value.format" : "format");
    String keyId = conf.get(KEY_FORMAT);
    this.keyFormat = keyId == null ? null : Formats.find(keyId.trim(), "key.format");
  }

  /** Whether {@code key} is an option of one of the formats in use (in any scope). */
  boolean isFormatOption(String key) {
    return declares(valueFormat, unscope(key, VALUE_SCOPE))
        || (keyFormat != null && declares(keyFormat, unscope(key, KEY_SCOPE)));
  }

  /** The error for a key that looks like an option of a format but is not one in use. */
  @Nullable String formatOptionError(String key) {
    String bare = unscope(unscope(key, VALUE_SCOPE), KEY_SCOPE);
    String family = bare.contains(".") ? bare.substring(0, bare.indexOf('.')) : bare;
    Map<String, FormatFactory> all = Formats.available();
    if (!all.containsKey(family)) {
      return null;
    }
    FormatFactory used =
        family.equals(valueFormat.identifier())
            ? valueFormat
            : keyFormat != null && family.equals(keyFormat.identifier()) ? keyFormat : null;
    if (used != null) {
      return "Unknown option '" + key + "' for format '" + family + "'. Its options are: "
          + used.options().stream().map(ConfigOption::key).toList();
    }
    return "Option '" + key + "' belongs to format '" + family + "', which this source does not"
        + " use (value format '" + valueFormat.identifier() + "'"
        + (keyFormat == null ? "" : ", key format '" + keyFormat.identifier() + "'") + ")";
  }

  /** The decoder of records into rows of {@code physical} plus the metadata columns. */
  RecordDecoder decoder(Schema physical, List<MetadataColumn> typedMetadata) {
    List<String> keyFields = keyFields();
    KeyValueLayout layout =
        KeyValueLayout.create(
            physical,
            keyFields,
            conf.getOptional(KEY_FIELDS_PREFIX).orElse(""),
            conf.getOptional(VALUE_FIELDS_PREFIX).orElse(""),
            conf.get(VALUE_FIELDS_INCLUDE),
            conf.get(SCAN_DUPLICATE_FIELD_STRATEGY));
    List<MetadataColumn> metadata = metadataColumns(typedMetadata, physical);
    List<String> valueMetadataKeys = new ArrayList<>();
    for (MetadataColumn column : metadata) {
      if (column.isFormatMetadata() && !valueMetadataKeys.contains(column.formatKey())) {
        valueMetadataKeys.add(column.formatKey());
      }
    }
    Schema valueSchema = layout.valueSchema();
    RowDecoder valueDecoder =
        valueFormat.createDecoder(
            valueSchema,
            new FormatContext(scopedOptions(valueFormat, VALUE_SCOPE), "value", valueMetadataKeys));
    RowDecoder keyDecoder =
        keyFormat == null
            ? null
            : keyFormat.createDecoder(
                layout.keySchema(), new FormatContext(scopedOptions(keyFormat, KEY_SCOPE), "key"));
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
      } else {
        MetadataKey key = MetadataKey.fromKey(column.key()).orElseThrow();
        extractors[i] = key.extractor();
        valueIndex[i] = -1;
        output.addField(column.name(), key.type());
      }
    }
    return new RecordDecoder(
        keyDecoder, valueDecoder, layout, output.build(), extractors, valueIndex);
  }

  private List<String> keyFields() {
    String fields = conf.get(KEY_FIELDS);
    if (keyFormat == null && fields != null) {
      throw new IllegalArgumentException("Option 'key.fields' requires 'key.format'");
    }
    if (keyFormat != null && (fields == null || fields.isBlank())) {
      throw new IllegalArgumentException(
          "Option 'key.format' requires 'key.fields', the ';'-separated columns of the key");
    }
    if (fields == null) {
      if (conf.contains(KEY_FIELDS_PREFIX)) {
        throw new IllegalArgumentException("Option 'key.fields-prefix' requires 'key.fields'");
      }
      return List.of();
    }
    return Arrays.stream(fields.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  private List<MetadataColumn> metadataColumns(List<MetadataColumn> typed, Schema physical) {
    List<MetadataColumn> columns = new ArrayList<>();
    String list = conf.get(METADATA_LIST);
    if (list != null) {
      for (String raw : list.split(",")) {
        String key = raw.trim();
        if (!key.isEmpty()) {
          columns.add(new MetadataColumn(key, key));
        }
      }
    }
    columns.addAll(typed);
    Set<String> readable = new HashSet<>();
    valueFormat.readableMetadata().forEach(m -> readable.add(MetadataColumn.VALUE_PREFIX + m.key()));
    Set<String> names = new HashSet<>(physical.getFieldNames());
    for (MetadataColumn column : columns) {
      boolean known =
          column.isFormatMetadata()
              ? readable.contains(column.key())
              : MetadataKey.fromKey(column.key()).isPresent();
      if (!known) {
        throw new IllegalArgumentException(
            "Unknown metadata key '" + column.key() + "' in option 'metadata.list'. Available"
                + " keys: " + MetadataKey.allKeys() + " and, from value format '"
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

  /** {@code <format>.*} overridden by {@code <scope><format>.*}, keys without the scope. */
  private Configuration scopedOptions(FormatFactory format, String scope) {
    Map<String, String> out = new HashMap<>();
    String shared = format.identifier() + ".";
    options.forEach(
        (key, value) -> {
          if (key.startsWith(shared)) {
            out.put(key, value);
          }
        });
    options.forEach(
        (key, value) -> {
          if (key.startsWith(scope + shared)) {
            out.put(key.substring(scope.length()), value);
          }
        });
    return Configuration.of(out);
  }

  private static boolean declares(FormatFactory format, String key) {
    for (ConfigOption<?> option : format.options()) {
      if (option.key().equals(key)) {
        return true;
      }
    }
    return false;
  }

  private static String unscope(String key, String scope) {
    return key.startsWith(scope) ? key.substring(scope.length()) : key;
  }
}
