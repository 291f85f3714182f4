package dev.kafkaconnector.io.cdc.source;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS_PREFIX;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.METADATA_LIST;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_DUPLICATE_FIELD_STRATEGY;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_MAX_PRE_FETCH_RECORDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_INCLUDE;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_PREFIX;

import dev.kafkaconnector.formats.cdc.ChangeEnvelope;
import dev.kafkaconnector.formats.cdc.JsonEnvelope;
import dev.kafkaconnector.formats.cdc.canal.CanalEnvelope;
import dev.kafkaconnector.formats.cdc.canal.CanalJsonOptions;
import dev.kafkaconnector.formats.cdc.canal.CanalTypeStrategy;
import dev.kafkaconnector.formats.cdc.debezium.DebeziumEnvelope;
import dev.kafkaconnector.formats.cdc.debezium.DebeziumJsonOptions;
import dev.kafkaconnector.formats.cdc.maxwell.MaxwellEnvelope;
import dev.kafkaconnector.formats.json.JsonInferenceOptions;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.cdc.InitialSchemas;
import dev.kafkaconnector.io.cdc.KafkaPayloadConverter;
import dev.kafkaconnector.io.cdc.source.ChangeSourceOptions.Strategy;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import dev.kafkaconnector.schema.change.TableId;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import dev.kafkaconnector.schema.infer.TimestampStandard;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
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
   */
  public record ParsedChangeSource(
      SourceSpec spec,
      ChangeRecordDecoder decoder,
      ErrorPolicy errorPolicy,
      Map<TableId, Schema> initialSchemas,
      long preFetchPerPartition,
      List<String> warnings) {}

  /**
   * @throws IllegalArgumentException naming the offending key
   */
  public static ParsedChangeSource parse(String sourceId, Map<String, String> given) {
    Map<String, String> options = new LinkedHashMap<>(given);
    if (!options.containsKey(KafkaConnectorOptions.VALUE_FORMAT.key())
        && !options.containsKey(KafkaConnectorOptions.FORMAT.key())) {
      options.put(
          KafkaConnectorOptions.VALUE_FORMAT.key(), ChangeSourceOptions.DEFAULT_VALUE_FORMAT);
    }
    Configuration conf = Configuration.of(options);
    FormatSelection formats = new FormatSelection(options);
    String format = formats.valueFormat().identifier();
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
    boolean keyJson = formats.keyFormat() != null;
    if (keyJson && !formats.keyFormat().identifier().equals("json")) {
      throw new IllegalArgumentException(
          "Option 'key.format' is '"
              + formats.keyFormat().identifier()
              + "', but readChanges() reads keys as 'json' only");
    }
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
    // The reader's options, checked as read() checks them; the change source's own keys aside.
    Set<String> own = ChangeSourceOptions.keys();
    Map<String, String> readerOptions = new LinkedHashMap<>();
    options.forEach(
        (k, v) -> {
          if (!own.contains(k)) {
            readerOptions.put(k, v);
          }
        });
    List<String> warnings = new ArrayList<>();
    SourceSpec spec =
        SourceOptionsParser.spec(
            sourceId, readerOptions, new FormatSelection(readerOptions), warnings);
    ErrorPolicy errors = ErrorPolicy.from(conf);

    Configuration value = formats.valueOptions();
    JsonReadSettings formatRead = JsonReadSettings.from(format, value);
    JsonReadSettings read =
        new JsonReadSettings(format, false, false, formatRead.timestampFormat());
    String flatten = pick(options, format, JsonInferenceOptions.flattenNestedColumns("")::key);
    boolean flattenNested = flatten != null && Boolean.parseBoolean(flatten.trim());
    InferenceSettings inference = inference(options, format, read);
    Map<TableId, Schema> initial =
        InitialSchemas.parse(conf.get(ChangeSourceOptions.INITIAL_SCHEMAS_DDLS));
    Map<TableId, Schema> fixedPerTable = new HashMap<>();
    initial.forEach(
        (table, schema) -> fixedPerTable.put(table, withFixed(inference.fixedTypes(), schema)));

    ChangeEnvelope envelope = envelope(options, format, value);
    String keyPrefix = conf.getOptional(KEY_FIELDS_PREFIX).orElse("");
    String valuePrefix = conf.getOptional(VALUE_FIELDS_PREFIX).orElse("");
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
    String keyConverter =
        keyJson
            ? scoped(options, "key.", "json", ChangeSourceOptions.converterClass("json"))
            : null;
    String valueConverter =
        format.equals("json")
            ? scoped(options, "value.", "json", ChangeSourceOptions.converterClass("json"))
            : null;
    converter(keyConverter, "key.json.decode.converter-class"); // fails now, naming the key
    converter(valueConverter, "value.json.decode.converter-class");
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
    Strategy strategy = conf.get(ChangeSourceOptions.SCHEMA_INFERENCE_STRATEGY);
    long preFetch = conf.get(SCAN_MAX_PRE_FETCH_RECORDS);
    if (preFetch < 0) {
      throw new IllegalArgumentException(
          "Option 'scan.max.pre.fetch.records' must be 0 or more, but is " + preFetch);
    }
    List<MetadataKey> metadataKeys = metadata(conf.get(METADATA_LIST));
    Schema.Builder metadata = Schema.builder();
    metadataKeys.forEach(k -> metadata.addField(k.key(), k.type()));
    ChangeRecordDecoder.Settings settings =
        new ChangeRecordDecoder.Settings(
            envelope,
            strategy == Strategy.CONTINUOUS,
            inference,
            fixedPerTable,
            read,
            keyJson,
            keyPrefix,
            valuePrefix,
            conf.get(SCAN_DUPLICATE_FIELD_STRATEGY),
            keyConverter,
            valueConverter,
            emptyAsDelete,
            formatRead.ignoreParseErrors(),
            flattenNested,
            metadata.build(),
            metadataKeys.stream()
                .map(MetadataKey::extractor)
                .toArray(MetadataKey.Extractor[]::new));
    return new ParsedChangeSource(
        spec,
        new ChangeRecordDecoder(settings, Map.of()),
        errors,
        initial,
        preFetch,
        List.copyOf(warnings));
  }

  private static ChangeEnvelope envelope(
      Map<String, String> options, String format, Configuration value) {
    switch (format) {
      case "debezium-json":
        return new DebeziumEnvelope(value.get(DebeziumJsonOptions.SCHEMA_INCLUDE));
      case "maxwell-json":
        return new MaxwellEnvelope();
      case "canal-json":
        {
          String strategy = scoped(options, "value.", "", ChangeSourceOptions.CANAL_TYPE_STRATEGY);
          CanalTypeStrategy types = CanalTypeStrategy.AUTO;
          if (strategy != null) {
            try {
              types = CanalTypeStrategy.valueOf(strategy.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException(
                  "Invalid value '"
                      + strategy
                      + "' for option 'canal-json.infer-schema.strategy'"
                      + " (expected one of "
                      + Arrays.toString(CanalTypeStrategy.values())
                      + ")");
            }
          }
          return new CanalEnvelope(
              types,
              bool(options, ChangeSourceOptions.CANAL_TINYINT1_AS_BOOLEAN),
              bool(options, ChangeSourceOptions.CANAL_TIMESTAMP_AS_DATETIME),
              pattern(value, CanalJsonOptions.DATABASE_INCLUDE),
              pattern(value, CanalJsonOptions.TABLE_INCLUDE));
        }
      default:
        {
          String fields =
              scoped(options, "value.", "json", ChangeSourceOptions.parserTableIdFields("json"));
          List<String> names = new ArrayList<>();
          if (fields != null) {
            Arrays.stream(fields.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .forEach(names::add);
          }
          return new JsonEnvelope(names);
        }
    }
  }

  /** The inference settings of the value side: value.<fmt>. > <fmt>. > the connector's key. */
  private static InferenceSettings inference(
      Map<String, String> options, String format, JsonReadSettings read) {
    InferenceSettings s =
        InferenceSettings.defaults()
            .withPrimitiveAsString(
                Boolean.parseBoolean(
                    orDefault(
                            pick(options, format, JsonInferenceOptions.primitiveAsString("")::key),
                            "false")
                        .trim()))
            .withStringTypeInference(
                Boolean.parseBoolean(
                    orDefault(
                            pick(
                                options, format, JsonInferenceOptions.stringTypeInference("")::key),
                            "true")
                        .trim()))
            .withTimestampStandard(
                read.timestampFormat().toString().equals("ISO-8601")
                    ? TimestampStandard.ISO_8601
                    : TimestampStandard.SQL);
    String fixed = pick(options, format, JsonInferenceOptions.fixedTypes("")::key);
    if (fixed != null) {
      s =
          s.withFixedTypes(
              flattenKeyOf(options, format, JsonInferenceOptions.fixedTypes("").key()), fixed);
    }
    return s;
  }

  /**
   * The most specific value of an inference key (given without prefix): value.<fmt>., <fmt>., none.
   */
  private static @Nullable String pick(
      Map<String, String> options, String format, java.util.function.Supplier<String> bare) {
    String key = bare.get();
    for (String prefix : List.of("value." + format + ".", format + ".", "")) {
      String v = options.get(prefix + key);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  /** The spelling of {@code bare} the user wrote, for messages. */
  private static String flattenKeyOf(Map<String, String> options, String format, String bare) {
    for (String prefix : List.of("value." + format + ".", format + ".", "")) {
      if (options.containsKey(prefix + bare)) {
        return prefix + bare;
      }
    }
    return bare;
  }

  /** {@code <scope><format-option>} if set, else the unscoped format option. */
  private static @Nullable String scoped(
      Map<String, String> options, String scope, String unusedFormat, ConfigOption<?> option) {
    String v = options.get(scope + option.key());
    return v != null ? v : options.get(option.key());
  }

  private static boolean bool(Map<String, String> options, ConfigOption<Boolean> option) {
    String v = scoped(options, "value.", "", option);
    if (v == null) {
      return option.defaultValue().orElse(false);
    }
    String t = v.trim().toLowerCase(java.util.Locale.ROOT);
    if (!t.equals("true") && !t.equals("false")) {
      throw new IllegalArgumentException(
          "Invalid value '" + v + "' for option '" + option.key() + "' (expected true or false)");
    }
    return Boolean.parseBoolean(t);
  }

  private static String orDefault(@Nullable String v, String d) {
    return v == null ? d : v;
  }

  private static @Nullable Pattern pattern(Configuration value, ConfigOption<String> option) {
    String text = value.get(option);
    if (text == null) {
      return null;
    }
    try {
      return Pattern.compile(text);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "Invalid value '"
              + text
              + "' for option '"
              + option.key()
              + "' (a Java regular"
              + " expression): "
              + e.getDescription());
    }
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
