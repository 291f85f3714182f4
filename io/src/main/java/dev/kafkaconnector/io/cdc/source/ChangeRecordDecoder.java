package dev.kafkaconnector.io.cdc.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.cdc.ChangeEnvelope;
import dev.kafkaconnector.formats.cdc.JsonEnvelope;
import dev.kafkaconnector.formats.cdc.RawChange;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import dev.kafkaconnector.io.cdc.KafkaPayloadConverter;
import dev.kafkaconnector.io.common.DuplicateFieldStrategy;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.source.decode.BadRecordException;
import dev.kafkaconnector.io.source.decode.RecordHandler;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Turns Kafka records into change events for {@code readChanges()}: applies the payload converters,
 * parses key and value as JSON, reads the value format's envelope ({@link ChangeEnvelope}), puts
 * the key's members (under {@code key.fields-prefix}) next to the value's (under {@code
 * value.fields-prefix}) as {@code scan.duplicate-field.strategy} says, and gives each table's
 * changes to that table's {@link TableView}, which infers the schema and emits the schema changes
 * the rows need. A record that cannot be read goes to the source's bad-record policy (or is skipped
 * and counted with the format's {@code ignore-parse-errors}); the schema changes it caused are
 * still emitted.
 */
public final class ChangeRecordDecoder implements RecordHandler<ChangeEvent> {
  private static final long serialVersionUID = 1L;
  private static final String NAMESPACE = "kafka-connector";
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** How the decoder is configured; built by {@link ChangeSourceParser}. */
  record Settings(
      ChangeEnvelope envelope,
      boolean continuous,
      InferenceSettings inference,
      InferenceSettings keyInference,
      Map<TableId, Schema> fixedPerTable,
      JsonReadSettings read,
      boolean keyJson,
      String keyPrefix,
      String valuePrefix,
      DuplicateFieldStrategy duplicates,
      @Nullable String keyConverter,
      @Nullable String valueConverter,
      boolean emptyValueAsDelete,
      boolean ignoreParseErrors,
      boolean flattenNested,
      boolean keyFlattenNested,
      Schema metadata,
      MetadataKey.Extractor[] extractors)
      implements java.io.Serializable {

    /** These settings inferring every record (how pre-fetched records are read). */
    Settings inferringContinuously() {
      return new Settings(
          envelope,
          true,
          inference,
          keyInference,
          fixedPerTable,
          read,
          keyJson,
          keyPrefix,
          valuePrefix,
          duplicates,
          keyConverter,
          valueConverter,
          emptyValueAsDelete,
          ignoreParseErrors,
          flattenNested,
          keyFlattenNested,
          metadata,
          extractors);
    }
  }

  private final Settings settings;
  private final Map<TableId, Schema> seeds;

  private transient @Nullable Map<TableId, TableView> views;
  private transient @Nullable KafkaPayloadConverter keyConverter;
  private transient @Nullable KafkaPayloadConverter valueConverter;
  private transient @Nullable Counter tombstones;
  private transient dev.kafkaconnector.formats.@Nullable IgnoredParseErrors skippedParseErrors;
  private transient @Nullable Counter convertedAway;

  ChangeRecordDecoder(Settings settings, Map<TableId, Schema> seeds) {
    this.settings = settings;
    this.seeds = Map.copyOf(seeds);
  }

  /** This decoder with the schemas pre-fetched records gave (see {@link ChangeSeeds}). */
  public ChangeRecordDecoder withSeeds(Map<TableId, Schema> more) {
    Map<TableId, Schema> all = new HashMap<>(seeds);
    all.putAll(more);
    return new ChangeRecordDecoder(settings, all);
  }

  Map<TableId, Schema> seeds() {
    return seeds;
  }

  @Override
  public void open() {
    views = new HashMap<>();
    keyConverter =
        ChangeSourceParser.converter(settings.keyConverter(), "key.json.decode.converter-class");
    valueConverter =
        ChangeSourceParser.converter(
            settings.valueConverter(), "value.json.decode.converter-class");
    tombstones = Metrics.counter(NAMESPACE, "cdc-tombstones-skipped");
    skippedParseErrors =
        dev.kafkaconnector.formats.IgnoredParseErrors.of(settings.envelope().format());
    convertedAway = Metrics.counter(NAMESPACE, "cdc-records-dropped-by-converter");
  }

  @Override
  public void close() {
    views = null;
    keyConverter = null;
    valueConverter = null;
  }

  @Override
  public void handle(ConsumerRecord<byte[], byte[]> record, Emitter<ChangeEvent> out) {
    if (views == null) {
      open();
    }
    List<ChangeEvent> events = new ArrayList<>(2);
    try {
      decode(record, events);
    } catch (FormatException e) {
      events.stream().filter(ev -> !(ev instanceof DataChangeEvent)).forEach(out::emit);
      if (settings.ignoreParseErrors()) {
        skippedParseErrors.inc();
        return;
      }
      throw new BadRecordException(record, e.getMessage(), e);
    }
    events.forEach(out::emit);
  }

  /** What records tell of each table: its schema and the primary key its messages name. */
  record Inferred(Map<TableId, Schema> schemas, Map<TableId, List<String>> primaryKeys) {}

  /**
   * The schema each table has after {@code records}, as readers would start from them, and its
   * primary key: every record is inferred (also with the static strategy, whose schemas these are).
   */
  Inferred inferFrom(List<ConsumerRecord<byte[], byte[]>> records) {
    return new ChangeRecordDecoder(settings.inferringContinuously(), seeds).infer(records);
  }

  private Inferred infer(List<ConsumerRecord<byte[], byte[]>> records) {
    open();
    List<ChangeEvent> events = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> record : records) {
      try {
        decode(record, events);
      } catch (FormatException | RuntimeException e) {
        // A pre-fetched record that cannot be read: the reader meets it again and applies the
        // source's policy then.
      }
    }
    Map<TableId, Schema> schemas = new HashMap<>();
    for (ChangeEvent event : events) {
      if (event instanceof DataChangeEvent data) {
        schemas.put(data.tableId(), data.schema());
      }
    }
    Map<TableId, List<String>> keys = new HashMap<>();
    views.forEach((table, view) -> keys.put(table, view.primaryKey()));
    close();
    return new Inferred(schemas, keys);
  }

  private void decode(ConsumerRecord<byte[], byte[]> record, List<ChangeEvent> out)
      throws FormatException {
    ObjectNode key = settings.keyJson() ? key(record) : null;
    byte[] value = record.value();
    if (value != null && value.length > 0 && valueConverter != null) {
      value = valueConverter.convert(value);
      if (value == null) {
        convertedAway.inc();
        return;
      }
    }
    List<RawChange> changes = new ArrayList<>(1);
    if (value == null || value.length == 0) {
      if (!settings.emptyValueAsDelete() || key == null) {
        tombstones.inc();
        return;
      }
      TableId table =
          settings.envelope() instanceof JsonEnvelope json
              ? json.tableIdOfKey(key, record.topic())
              : TableId.of(record.topic());
      changes.add(
          new RawChange(
              table, DataChangeEvent.Op.DELETE, NODES.objectNode(), null, List.of(), null));
    } else {
      settings.envelope().read(parse(value, "value"), record.topic(), changes);
    }
    List<Object> metadata = metadata(record);
    ObjectNode keySide = RowImages.side(key, settings.keyPrefix(), settings.keyFlattenNested());
    for (RawChange change : changes) {
      ObjectNode beforeSide =
          RowImages.side(change.before(), settings.valuePrefix(), settings.flattenNested());
      ObjectNode afterSide =
          RowImages.side(change.after(), settings.valuePrefix(), settings.flattenNested());
      ObjectNode before = RowImages.combine(beforeSide, keySide, settings.duplicates());
      ObjectNode after = RowImages.combine(afterSide, keySide, settings.duplicates());
      TableView view = view(change.table());
      ObjectNode observed =
          afterSide != null ? afterSide : java.util.Objects.requireNonNull(beforeSide);
      view.observe(
          () ->
              RowImages.documentType(
                  observed,
                  keySide,
                  settings.inference(),
                  settings.keyInference(),
                  settings.duplicates()),
          prefixed(change.declared()),
          primaryKey(change, key),
          out);
      Row beforeRow = before == null ? null : view.row(before, metadata);
      Row afterRow = after == null ? null : view.row(after, metadata);
      out.add(
          new DataChangeEvent(change.table(), change.op(), beforeRow, afterRow, view.version()));
    }
  }

  private TableView view(TableId table) {
    return views.computeIfAbsent(
        table,
        t -> {
          Schema fixed = settings.fixedPerTable().get(t);
          InferenceSettings inference =
              fixed == null ? settings.inference() : settings.inference().withFixedTypes(fixed);
          return new TableView(
              t,
              settings.continuous(),
              inference,
              settings.metadata(),
              settings.read(),
              seeds.get(t));
        });
  }

  private @Nullable ObjectNode key(ConsumerRecord<byte[], byte[]> record) throws FormatException {
    byte[] bytes = record.key();
    if (bytes == null || bytes.length == 0) {
      return null;
    }
    if (keyConverter != null) {
      bytes = keyConverter.convert(bytes);
      if (bytes == null) {
        return null;
      }
    }
    try {
      return parse(bytes, "key");
    } catch (FormatException e) {
      throw new FormatException("json", null, "in the record key: " + e.getMessage(), e);
    }
  }

  private ObjectNode parse(byte[] bytes, String side) throws FormatException {
    JsonNode node;
    try {
      node = JsonToRowConverter.objectMapper().readTree(bytes);
    } catch (IOException e) {
      throw new FormatException(
          settings.envelope().format(),
          null,
          "the " + side + " is not valid JSON: " + e.getMessage(),
          e);
    }
    if (node == null || !node.isObject()) {
      throw new FormatException(
          settings.envelope().format(),
          null,
          "the "
              + side
              + " is not a JSON object"
              + (node == null ? "" : " but " + node.getNodeType()));
    }
    return (ObjectNode) node;
  }

  private List<String> primaryKey(RawChange change, @Nullable ObjectNode key) {
    if (!change.primaryKey().isEmpty()) {
      return change.primaryKey().stream().map(c -> settings.valuePrefix() + c).toList();
    }
    if (key == null) {
      return List.of();
    }
    List<String> names = new ArrayList<>();
    key.fieldNames().forEachRemaining(n -> names.add(settings.keyPrefix() + n));
    return names;
  }

  private @Nullable Schema prefixed(@Nullable Schema declared) {
    if (declared == null || settings.valuePrefix().isEmpty()) {
      return declared;
    }
    Schema.Builder out = Schema.builder();
    declared
        .getFields()
        .forEach(f -> out.addField(settings.valuePrefix() + f.getName(), f.getType()));
    return out.build();
  }

  private List<Object> metadata(ConsumerRecord<byte[], byte[]> record) {
    MetadataKey.Extractor[] extractors = settings.extractors();
    if (extractors.length == 0) {
      return List.of();
    }
    List<Object> out = new ArrayList<>(extractors.length);
    for (MetadataKey.Extractor extractor : extractors) {
      out.add(extractor.extract(record));
    }
    return out;
  }
}
