package dev.kafkaconnector.io.infer;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FIELDS_PREFIX;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.KEY_FORMAT;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.SCAN_MAX_PRE_FETCH_RECORDS;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_INCLUDE;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.VALUE_FIELDS_PREFIX;

import dev.kafkaconnector.formats.json.JsonFormatFactory;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.ValueFieldsInclude;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import dev.kafkaconnector.schema.infer.InferredColumns;
import dev.kafkaconnector.schema.infer.InferredColumns.Column;
import dev.kafkaconnector.schema.infer.JsonSchemaInference;
import dev.kafkaconnector.schema.infer.RowFlattener;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Infers the schema of a read without {@code withSchema}: samples the source's topics ({@link
 * RecordSampler}), infers the key's columns (with {@code key.format = json}) and the value's
 * ({@code json} value format), applies {@code key.fields-prefix} / {@code value.fields-prefix}, and
 * works out the {@link InferredRead} the source then runs with. Output columns: the key's, the
 * raw-key column when some key is not JSON, the value's, then the metadata columns.
 */
public final class SchemaInferrer {
  private SchemaInferrer() {}

  /**
   * @throws IllegalArgumentException naming the option key when the options do not allow inference,
   *     or naming the topic when the sample holds nothing to infer from
   */
  public static InferredRead infer(
      Map<String, String> options, List<MetadataColumn> typedMetadata, RecordSampler sampler) {
    return infer(options, typedMetadata, sampler, false);
  }

  /**
   * Infers the schema and, when {@code asUpsert} and the sampled keys have JSON columns, makes the
   * read an upsert-kafka read keyed by those columns (the catalog's compacted topics); the metadata
   * column {@code row-kind} then tells updates ({@code +U}) from deletes ({@code -D}).
   */
  public static InferredRead infer(
      Map<String, String> options,
      List<MetadataColumn> typedMetadata,
      RecordSampler sampler,
      boolean asUpsert) {
    Configuration conf = Configuration.of(options);
    FormatSelection formats = new FormatSelection(options);
    checkInferable(conf, formats);
    SourceSpec spec = SourceOptionsParser.spec("infer-schema", options, formats, new ArrayList<>());
    long perPartition = conf.get(SCAN_MAX_PRE_FETCH_RECORDS);
    if (perPartition < 0) {
      throw new IllegalArgumentException(
          "Option 'scan.max.pre.fetch.records' must be 0 or more, but is " + perPartition);
    }
    boolean withKey = formats.keyFormat() != null;
    JsonSchemaInference values =
        new JsonSchemaInference(InferenceOptions.settings(formats.valueOptions(), conf));
    // On the key, fixed types retype the key's own members but add none: a format-wide
    // json.infer-schema.fixed-types is meant for the value's columns too.
    InferenceSettings keySettings =
        withKey ? InferenceOptions.settings(formats.keyOptions(), conf) : null;
    JsonSchemaInference keys =
        withKey
            ? new JsonSchemaInference(keySettings.withFixedTypes(Schema.builder().build()))
            : null;
    List<RecordSampler.Sampled> sample =
        perPartition == 0 ? List.of() : sampler.sample(spec, perPartition);
    for (RecordSampler.Sampled r : sample) {
      values.addValue(r.value());
      if (keys != null) {
        keys.addKey(r.key());
      }
    }
    boolean fixedOnly = values.settings().fixedTypes().getFieldCount() > 0;
    if (values.documents() == 0 && !fixedOnly) {
      throw new IllegalArgumentException(emptySample(spec, perPartition, sample.size()));
    }
    InferredColumns keyColumns =
        keys == null ? InferredColumns.of(List.of()) : retype(keys.columns(), keySettings);
    return layout(options, conf, typedMetadata, keys, keyColumns, values, sample.size(), asUpsert);
  }

  private static InferredColumns retype(InferredColumns columns, InferenceSettings settings) {
    Schema fixed = settings.fixedTypes();
    List<Column> out = new ArrayList<>();
    for (Column c : columns.columns()) {
      out.add(
          fixed.hasField(c.name()) ? new Column(c.path(), fixed.getField(c.name()).getType()) : c);
    }
    return InferredColumns.of(out);
  }

  private static void checkInferable(Configuration conf, FormatSelection formats) {
    if (!formats.valueFormat().identifier().equals(JsonFormatFactory.IDENTIFIER)) {
      throw new IllegalArgumentException(
          "No schema: read() infers one for the value format 'json' only, but option 'format' is '"
              + formats.valueFormat().identifier()
              + "'; call withSchema(Schema)");
    }
    if (formats.keyFormat() != null
        && !formats.keyFormat().identifier().equals(JsonFormatFactory.IDENTIFIER)) {
      throw new IllegalArgumentException(
          "No schema: read() infers key columns for 'key.format' = 'json' only, but it is '"
              + formats.keyFormat().identifier()
              + "'; call withSchema(Schema)");
    }
    if (KafkaConnectorOptions.isUpsert(conf)) {
      throw new IllegalArgumentException(
          "No schema: an upsert-kafka source ('connector' = 'upsert-kafka') needs withSchema(Schema)"
              + " and withPrimaryKey(...); schema inference is for 'connector' = 'kafka'");
    }
    if (conf.contains(KEY_FIELDS)) {
      throw new IllegalArgumentException(
          "Option 'key.fields' is set but there is no schema: with schema inference the key"
              + " columns are the members of the sampled JSON keys. Remove 'key.fields' or call"
              + " withSchema(Schema)");
    }
    if (formats.keyFormat() != null
        && conf.getOptional(VALUE_FIELDS_INCLUDE).orElse(ValueFieldsInclude.EXCEPT_KEY)
            != ValueFieldsInclude.EXCEPT_KEY) {
      throw new IllegalArgumentException(
          "Option 'value.fields-include' must be 'EXCEPT_KEY' (or unset) when the schema is"
              + " inferred: key and value columns are inferred apart");
    }
  }

  private static String emptySample(SourceSpec spec, long perPartition, int sampled) {
    if (perPartition == 0) {
      return "Cannot infer a schema: option 'scan.max.pre.fetch.records' is 0 and"
          + " 'infer-schema.fixed-types' is not set; set one of them, or call withSchema(Schema)";
    }
    String what =
        sampled == 0
            ? "has no records"
            : "has no JSON object among the " + sampled + " latest records sampled";
    return "Cannot infer a schema: "
        + spec.subscription()
        + " "
        + what
        + " (option"
        + " 'scan.max.pre.fetch.records' = "
        + perPartition
        + " per partition, cluster at"
        + " properties.bootstrap.servers="
        + spec.bootstrapServers()
        + "). Write records"
        + " first, set 'infer-schema.fixed-types', or call withSchema(Schema)";
  }

  private static InferredRead layout(
      Map<String, String> given,
      Configuration conf,
      List<MetadataColumn> typedMetadata,
      JsonSchemaInference keys,
      InferredColumns unprefixedKeyColumns,
      JsonSchemaInference values,
      long sampled,
      boolean asUpsert) {
    String keyPrefix = conf.getOptional(KEY_FIELDS_PREFIX).orElse("");
    String valuePrefix = conf.getOptional(VALUE_FIELDS_PREFIX).orElse("");
    InferredColumns keyColumns = unprefixedKeyColumns.withPrefix(keyPrefix);
    InferredColumns valueColumns = values.columns().withPrefix(valuePrefix);
    Map<String, String> options = new LinkedHashMap<>(given);
    List<MetadataColumn> metadata = new ArrayList<>(typedMetadata);
    Column rawKey = null;
    if (keys != null && keys.hasRawKeyColumn()) {
      String name = keyPrefix + keys.settings().parseKeyErrorFieldName();
      rawKey = new Column(List.of(name), Schema.FieldType.BYTES.withNullable(true));
      metadata.add(0, new MetadataColumn(name, MetadataKey.RAW_KEY));
    }
    putKeyOptions(options, keyColumns);
    List<String> primaryKey = List.of();
    if (asUpsert && !keyColumns.columns().isEmpty()) {
      primaryKey = keyColumns.topLevelNames();
      options.put(KafkaConnectorOptions.CONNECTOR.key(), KafkaConnectorOptions.UPSERT_KAFKA);
      metadata.add(
          new MetadataColumn(
              KafkaConnectorOptions.ROW_KIND_KEY, KafkaConnectorOptions.ROW_KIND_KEY));
    }
    Schema physical = physical(keyColumns, valueColumns);
    Schema decoded =
        SourceOptionsParser.parse("infer-schema", options, physical, metadata, primaryKey)
            .outputSchema();
    InferredColumns output = outputColumns(keyColumns, rawKey, valueColumns, physical, decoded);
    Schema outputSchema = output.schema();
    RowFlattener reshape = outputSchema.equals(decoded) ? null : new RowFlattener(decoded, output);
    return new InferredRead(
        options, physical, metadata, reshape, outputSchema, sampled, primaryKey);
  }

  /**
   * Reads the key's inferred columns (key.fields, value.fields-include EXCEPT_KEY), or, when there
   * are none, reads without key format (and its scoped options): nothing to decode from the key.
   */
  private static void putKeyOptions(Map<String, String> options, InferredColumns keyColumns) {
    if (keyColumns.columns().isEmpty()) {
      // Nothing to decode from the key: read without key format (and its scoped options).
      options
          .keySet()
          .removeIf(
              k ->
                  k.equals(KEY_FORMAT.key())
                      || k.equals(KEY_FIELDS_PREFIX.key())
                      || k.startsWith(
                          FormatSelection.KEY_SCOPE + JsonFormatFactory.IDENTIFIER + "."));
    } else {
      options.put(KEY_FIELDS.key(), String.join(";", keyColumns.topLevelNames()));
      options.put(VALUE_FIELDS_INCLUDE.key(), ValueFieldsInclude.EXCEPT_KEY.name());
    }
  }

  /**
   * The columns of the output: the key's, the raw key (if any), the value's, then the metadata
   * columns of the {@code decoded} schema that are not physical.
   */
  private static InferredColumns outputColumns(
      InferredColumns keyColumns,
      @Nullable Column rawKey,
      InferredColumns valueColumns,
      Schema physical,
      Schema decoded) {
    List<Column> out = new ArrayList<>(keyColumns.columns());
    if (rawKey != null) {
      out.add(rawKey);
    }
    out.addAll(valueColumns.columns());
    Set<String> taken = new HashSet<>();
    out.forEach(c -> taken.add(c.name()));
    for (Schema.Field f : decoded.getFields()) {
      if (!physical.hasField(f.getName()) && !taken.contains(f.getName())) {
        out.add(new Column(List.of(f.getName()), f.getType()));
      }
    }
    return InferredColumns.of(out);
  }

  private static Schema physical(InferredColumns key, InferredColumns value) {
    Schema.Builder b = Schema.builder();
    Set<String> names = new HashSet<>();
    for (InferredColumns side : List.of(key, value)) {
      for (Schema.Field f : side.nestedSchema().getFields()) {
        if (!names.add(f.getName())) {
          throw new IllegalArgumentException(
              "Column '"
                  + f.getName()
                  + "' is inferred from both the key and the value; set"
                  + " 'key.fields-prefix' or 'value.fields-prefix' so that their names differ");
        }
        b.addField(f);
      }
    }
    return b.build();
  }
}
