package dev.kafkaconnector.io.cdc.source;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.json.JsonReadSettings;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.SchemaDiff;
import dev.kafkaconnector.schema.change.TableId;
import dev.kafkaconnector.schema.infer.InferenceSettings;
import dev.kafkaconnector.schema.infer.InferredType;
import dev.kafkaconnector.schema.infer.JsonSchemaInference;
import dev.kafkaconnector.schema.infer.SchemaMerging;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One reader's view of one table: the schema it has inferred so far (numbered from 0), and the
 * converter of JSON images to rows of that schema. The first change of a table emits its
 * create-table event; with the continuous strategy a change whose columns widen the schema emits
 * the add-column / alter-type events first. Readers number their schemas themselves; the
 * schema-evolution step merges what the readers of a table send.
 *
 * <p>Columns: the inferred ones (key and value members, under their prefixes) with the types the
 * message declares (Canal's type maps, Debezium's schema) and the fixed types (initial DDLs, {@code
 * infer-schema.fixed-types}) taking precedence, then the metadata columns.
 */
final class TableView {
  private final TableId table;
  private final boolean continuous;
  private final JsonSchemaInference inference;
  private final Schema metadata;
  private final JsonReadSettings read;
  private @Nullable Schema declared;
  private @Nullable Schema schema;
  private long version = -1;
  private List<String> primaryKey = List.of();
  private @Nullable JsonToRowConverter converter;

  /**
   * @param seed the schema known before the first record (pre-fetched records, an initial DDL), or
   *     null
   */
  TableView(
      TableId table,
      boolean continuous,
      InferenceSettings settings,
      Schema metadata,
      JsonReadSettings read,
      @Nullable Schema seed) {
    this.table = table;
    this.continuous = continuous;
    this.inference = new JsonSchemaInference(settings);
    this.metadata = metadata;
    this.read = read;
    this.schema = seed;
  }

  /**
   * Takes in the columns of one change, emitting the create-table or widening events it needs.
   *
   * @param image the inferred type of the change's row image (after, or before of a delete),
   *     prefixed and with the key, each side typed with its own settings; asked for only when the
   *     schema may still change (not by a static table already created)
   * @param declaredTypes columns whose types the message declares, or null
   * @param key the primary key the message names, empty when none
   */
  void observe(
      java.util.function.Supplier<InferredType> image,
      @Nullable Schema declaredTypes,
      List<String> key,
      List<ChangeEvent> out) {
    boolean created = version >= 0;
    if (created && !continuous) {
      return;
    }
    InferredType before = inference.type();
    inference.add(image.get());
    boolean widened = !inference.type().equals(before);
    if (declaredTypes != null
        && (declared == null || !SchemaMerging.holds(declared, declaredTypes))) {
      declared = SchemaMerging.mergeColumns(declared, declaredTypes);
      widened = true;
    }
    if (!key.isEmpty() && primaryKey.isEmpty()) {
      primaryKey = List.copyOf(key);
    }
    if (created && !widened) {
      return;
    }
    Schema proposed = withMetadata(overlay(inference.schema(), declared));
    Schema next;
    if (schema == null) {
      next = proposed;
    } else if (!continuous) {
      next = schema; // static: the seeded schema is the table's, whatever the records hold
    } else {
      next = withMetadata(SchemaMerging.merge(schema, proposed));
    }
    if (!created) {
      schema = next;
      version = 0;
      out.add(new CreateTableEvent(table, next, keyIn(next)));
      converter = null;
      return;
    }
    if (next.equals(schema)) {
      return;
    }
    out.addAll(SchemaDiff.between(table, schema, next));
    schema = next;
    version++;
    converter = null;
  }

  /** The row of {@code image} in the current schema ({@link #observe} first). */
  Row row(ObjectNode image, List<Object> metadataValues) throws FormatException {
    JsonToRowConverter physical = converter;
    Schema current = java.util.Objects.requireNonNull(schema, "observe first");
    if (physical == null) {
      physical = new JsonToRowConverter(physicalPart(current), read);
      converter = physical;
    }
    Row values = physical.convert(image);
    if (metadataValues.isEmpty()) {
      return values;
    }
    List<Object> all = new java.util.ArrayList<>(current.getFieldCount());
    all.addAll(values.getValues());
    all.addAll(metadataValues);
    return Row.withSchema(current).attachValues(all);
  }

  long version() {
    return version;
  }

  /** The primary key the messages named, if the current schema has its columns; else empty. */
  List<String> primaryKey() {
    return schema == null ? List.of() : keyIn(schema);
  }

  private Schema physicalPart(Schema full) {
    if (metadata.getFieldCount() == 0) {
      return full;
    }
    Schema.Builder out = Schema.builder();
    full.getFields().stream().filter(f -> !metadata.hasField(f.getName())).forEach(out::addField);
    return out.build();
  }

  /** The physical columns first, the metadata columns last, whatever order a merge gave. */
  private Schema withMetadata(Schema physical) {
    if (metadata.getFieldCount() == 0) {
      return physical;
    }
    Schema.Builder out = Schema.builder();
    physical.getFields().stream()
        .filter(f -> !metadata.hasField(f.getName()))
        .forEach(out::addField);
    out.addFields(metadata.getFields());
    return out.build();
  }

  /** {@code inferred} with the declared columns' types, declared columns it lacks appended. */
  private static Schema overlay(Schema inferred, @Nullable Schema declared) {
    if (declared == null) {
      return inferred;
    }
    Schema.Builder out = Schema.builder();
    for (Schema.Field field : inferred.getFields()) {
      out.addField(declared.hasField(field.getName()) ? declared.getField(field.getName()) : field);
    }
    declared.getFields().stream()
        .filter(f -> !inferred.hasField(f.getName()))
        .forEach(out::addField);
    return out.build();
  }

  private List<String> keyIn(Schema s) {
    return primaryKey.stream().allMatch(s::hasField) ? primaryKey : List.of();
  }
}
