package dev.kafkaconnector.io.cdc.source;

import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.orDefault;
import static dev.kafkaconnector.io.cdc.source.FormatOptionLookup.scoped;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS_PREFIX;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.METADATA_LIST;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_DUPLICATE_FIELD_STRATEGY;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_MAX_PRE_FETCH_RECORDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_INCLUDE;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_PREFIX;

import dev.kafkaconnector.formats.cdc.ChangeEnvelope;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.cdc.InitialSchemas;
import dev.kafkaconnector.io.cdc.KafkaPayloadConverter;
import dev.kafkaconnector.io.cdc.source.ChangeSourceOptions.Strategy;
import dev.kafkaconnector.io.common.DuplicateFieldStrategy;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import dev.kafkaconnector.schema.change.TableId;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Validates the options of {@code readChanges()} at pipeline construction: the reader's options
 * (topics, startup, bounds, client properties, error policy) through {@link SourceOptionsParser},
 * and the change source's own ({@link ChangeSourceOptions}). Every error names the option key.
 */
public final class ChangeSourceParser {
  private ChangeSourceParser() {}

  /**
   * What the change source runs with.
   *
   * @param initialSchemas the tables of {@code scan.value.initial-schemas.ddls}
   * @param preFetchPerPartition {@code scan.max.pre.fetch.records}
   * @param createTablesInBatch {@code scan.emit.create-table-events.in-batch.enabled}
   */
  public record ParsedChangeSource(
      SourceSpec spec,
      ChangeRecordDecoder decoder,
      ErrorPolicy errorPolicy,
      Map<TableId, Schema> initialSchemas,
      long preFetchPerPartition,
      boolean createTablesInBatch,
      List<String> warnings) {}

  /**
   * @throws IllegalArgumentException naming the offending key
   */
  public static ParsedChangeSource parse(String sourceId, Map<String, String> given) {
    Map<String, String> options = withDefaultValueFormat(given);
    Configuration conf = Configuration.of(options);
    FormatSelection formats = new FormatSelection(options);
    String format = formats.valueFormat().identifier();
    checkFormats(options, formats, format);
    boolean keyJson = formats.keyFormat() != null;
    rejectUnusedOptions(options);
    List<String> warnings = new ArrayList<>();
    SourceSpec spec = readerSpec(sourceId, options, warnings);
    ErrorPolicy errors = ErrorPolicy.from(conf);

    Configuration value = formats.valueOptions();
    JsonReadSettings formatRead = JsonReadSettings.from(format, value);
    JsonReadSettings read =
        new JsonReadSettings(format, false, false, formatRead.timestampFormat());
    SideInference.Side valueSide = SideInference.value(options, format, read);
    SideInference.Side keySide = SideInference.key(options, read);
    String keyPrefix = conf.getOptional(KEY_FIELDS_PREFIX).orElse("");
    String valuePrefix = conf.getOptional(VALUE_FIELDS_PREFIX).orElse("");
    checkPrefixes(keyPrefix, valuePrefix);
    DuplicateFieldStrategy duplicates = conf.get(SCAN_DUPLICATE_FIELD_STRATEGY);
    Schema fixed =
        SideInference.fixedColumns(valueSide, valuePrefix, keySide, keyPrefix, keyJson, duplicates);
    InferenceSettings inference = valueSide.inference().withFixedTypes(fixed);
    Map<TableId, Schema> initial =
        InitialSchemas.parse(conf.get(ChangeSourceOptions.INITIAL_SCHEMAS_DDLS));
    Map<TableId, Schema> fixedPerTable = withFixedTypes(initial, fixed);

    ChangeEnvelope envelope = ChangeEnvelopes.of(options, format, value);
    // Each converter class is loaded now, so that a wrong one fails naming its key.
    String keyConverter = jsonConverterClass(options, "key.", keyJson);
    String valueConverter = jsonConverterClass(options, "value.", format.equals("json"));
    boolean emptyAsDelete = emptyValueAsDelete(options, format, keyJson);
    Strategy strategy = conf.get(ChangeSourceOptions.SCHEMA_INFERENCE_STRATEGY);
    long preFetch = preFetchPerPartition(conf);
    List<MetadataKey> metadataKeys = metadata(conf.get(METADATA_LIST));
    ChangeRecordDecoder.Settings settings =
        new ChangeRecordDecoder.Settings(
            envelope,
            strategy == Strategy.CONTINUOUS,
            inference,
            keySide.inference(),
            fixedPerTable,
            read,
            keyJson,
            keyPrefix,
            valuePrefix,
            duplicates,
            keyConverter,
            valueConverter,
            emptyAsDelete,
            formatRead.ignoreParseErrors(),
            valueSide.flattenNested(),
            keySide.flattenNested(),
            metadataSchema(metadataKeys),
            extractors(metadataKeys));
    return new ParsedChangeSource(
        spec,
        new ChangeRecordDecoder(settings, Map.of()),
        errors,
        initial,
        preFetch,
        conf.get(ChangeSourceOptions.EMIT_CREATE_TABLE_EVENTS_IN_BATCH),
        List.copyOf(warnings));
  }

  /** The readers of the metadata columns, in column order. */
  private static MetadataKey.Extractor[] extractors(List<MetadataKey> keys) {
    return keys.stream().map(MetadataKey::extractor).toArray(MetadataKey.Extractor[]::new);
  }

  /** {@code given}, with value.format = the change source's default when no format is set. */
  private static Map<String, String> withDefaultValueFormat(Map<String, String> given) {
    Map<String, String> options = new LinkedHashMap<>(given);
    if (!options.containsKey(KafkaConnectorOptions.VALUE_FORMAT.key())
        && !options.containsKey(KafkaConnectorOptions.FORMAT.key())) {
      options.put(
          KafkaConnectorOptions.VALUE_FORMAT.key(), ChangeSourceOptions.DEFAULT_VALUE_FORMAT);
    }
    return options;
  }

  /** Checks that the value format is a change format and the key format, if any, is json. */
  private static void checkFormats(
      Map<String, String> options, FormatSelection formats, String format) {
    String formatKey =
        options.containsKey(KafkaConnectorOptions.VALUE_FORMAT.key()) ? "value.format" : "format";
    if (!ChangeSourceOptions.VALUE_FORMATS.contains(format)) {
      throw new IllegalArgumentException(
          "Option '"
              + formatKey
              + "' is '"
              + format
              + "', but readChanges() reads "
              + ChangeSourceOptions.VALUE_FORMATS
              + " (use read() for other formats)");
    }
    if (formats.keyFormat() != null && !formats.keyFormat().identifier().equals("json")) {
      throw new IllegalArgumentException(
          "Option 'key.format' is '"
              + formats.keyFormat().identifier()
              + "', but readChanges() reads keys as 'json' only");
    }
  }

  /** Rejects the options of read() that have no meaning for change events. */
  private static void rejectUnusedOptions(Map<String, String> options) {
    for (ConfigOption<?> unused :
        List.of(KEY_FIELDS, VALUE_FIELDS_INCLUDE, KafkaConnectorOptions.CONNECTOR)) {
      if (options.containsKey(unused.key())) {
        throw new IllegalArgumentException(
            "Option '"
                + unused.key()
                + "' is not used by readChanges(): every member of the key"
                + " and the value becomes a column (use key.fields-prefix / value.fields-prefix"
                + " and scan.duplicate-field.strategy to tell key and value apart)");
      }
    }
  }

  /** The reader's options, checked as read() checks them; the change source's own keys aside. */
  private static SourceSpec readerSpec(
      String sourceId, Map<String, String> options, List<String> warnings) {
    Set<String> own = ChangeSourceOptions.keys();
    Map<String, String> readerOptions = new LinkedHashMap<>();
    options.forEach(
        (k, v) -> {
          if (!own.contains(k)) {
            readerOptions.put(k, v);
          }
        });
    return SourceOptionsParser.spec(
        sourceId, readerOptions, new FormatSelection(readerOptions), warnings);
  }

  private static void checkPrefixes(String keyPrefix, String valuePrefix) {
    if (!keyPrefix.isEmpty()
        && !valuePrefix.isEmpty()
        && (keyPrefix.startsWith(valuePrefix) || valuePrefix.startsWith(keyPrefix))) {
      throw new IllegalArgumentException(
          "Options 'key.fields-prefix' ('"
              + keyPrefix
              + "') and 'value.fields-prefix' ('"
              + valuePrefix
              + "') must not be prefixes of each other");
    }
  }

  /**
   * The converter class of the side {@code scope} ("key." / "value."), when it is json; checked now
   * ({@link #converter}): a class that cannot be made fails naming {@code
   * <scope>json.decode.converter-class}.
   */
  private static @Nullable String jsonConverterClass(
      Map<String, String> options, String scope, boolean json) {
    String className =
        json ? scoped(options, scope, "json", ChangeSourceOptions.converterClass("json")) : null;
    converter(className, scope + "json.decode.converter-class");
    return className;
  }

  /** Per table of {@code initial}, its schema with the fixed types' columns it lacks appended. */
  private static Map<TableId, Schema> withFixedTypes(Map<TableId, Schema> initial, Schema fixed) {
    Map<TableId, Schema> fixedPerTable = new HashMap<>();
    initial.forEach((table, schema) -> fixedPerTable.put(table, withFixed(fixed, schema)));
    return fixedPerTable;
  }

  /** Whether an empty json value is a delete of its key's row (which needs a json key). */
  private static boolean emptyValueAsDelete(
      Map<String, String> options, String format, boolean keyJson) {
    boolean emptyAsDelete =
        format.equals("json")
            && Boolean.parseBoolean(
                orDefault(
                    scoped(
                        options, "value.", "json", ChangeSourceOptions.emptyValueAsDelete("json")),
                    "false"));
    if (emptyAsDelete && !keyJson) {
      throw new IllegalArgumentException(
          "Option 'json.decode.empty-value-as-delete.enabled' is true, but a tombstone is a delete"
              + " of the row its key names: set 'key.format' = 'json'");
    }
    return emptyAsDelete;
  }

  private static long preFetchPerPartition(Configuration conf) {
    long preFetch = conf.get(SCAN_MAX_PRE_FETCH_RECORDS);
    if (preFetch < 0) {
      throw new IllegalArgumentException(
          "Option 'scan.max.pre.fetch.records' must be 0 or more, but is " + preFetch);
    }
    return preFetch;
  }

  private static Schema metadataSchema(List<MetadataKey> metadataKeys) {
    Schema.Builder metadata = Schema.builder();
    metadataKeys.forEach(k -> metadata.addField(k.key(), k.type()));
    return metadata.build();
  }

  private static Schema withFixed(Schema fixed, Schema ddl) {
    Schema.Builder out = Schema.builder().addFields(ddl.getFields());
    fixed.getFields().stream().filter(f -> !ddl.hasField(f.getName())).forEach(out::addField);
    return out.build();
  }

  private static List<MetadataKey> metadata(@Nullable String list) {
    List<MetadataKey> out = new ArrayList<>();
    for (MetadataColumn column : MetadataColumn.parseList(list)) {
      MetadataKey key =
          MetadataKey.fromKey(column.key())
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "Option 'metadata.list' names '"
                              + column.key()
                              + "', which is not a"
                              + " metadata key of readChanges() (known: "
                              + MetadataKey.allKeys()
                              + ")"));
      out.add(key);
    }
    return out;
  }

  /**
   * Creates the converter {@code className} names, or null for none.
   *
   * @throws IllegalArgumentException naming {@code key} and the class when it cannot be loaded or
   *     is not a {@link KafkaPayloadConverter}
   */
  static @Nullable KafkaPayloadConverter converter(@Nullable String className, String key) {
    if (className == null || className.isBlank()) {
      return null;
    }
    String name = className.trim();
    Class<?> type;
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      type =
          Class.forName(
              name, true, loader != null ? loader : ChangeSourceParser.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(
          "Option '" + key + "' names the class '" + name + "', which is not on the class path", e);
    }
    if (!KafkaPayloadConverter.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(
          "Option '"
              + key
              + "' names the class '"
              + name
              + "', which does not implement "
              + KafkaPayloadConverter.class.getName());
    }
    try {
      return (KafkaPayloadConverter) type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "Option '"
              + key
              + "': cannot create '"
              + name
              + "' (it needs a public no-argument"
              + " constructor): "
              + e,
          e);
    }
  }
}
