package dev.kafkaconnector.formats.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.FormatMetadata;
import dev.kafkaconnector.formats.IgnoredParseErrors;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.json.JsonToRowConverter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The shared part of the JSON changelog decoders ({@code debezium-json}, {@code canal-json}, {@code
 * maxwell-json}): parses the envelope once into a tree, lets the format turn it into changes
 * ({@link #read}), and emits each change as a row of the produced schema (the columns, then the
 * requested metadata, {@code row-kind} included).
 *
 * <p>A message is all or nothing: its rows are emitted only when the whole message decoded. A
 * message that cannot be decoded is a {@link FormatException}; with {@code
 * <format>.ignore-parse-errors} it is skipped and counted in {@code <format>.ignored-parse-errors}.
 * Messages skipped by design are counted too, each reason in its own counter ({@link
 * #counterName}): DDL messages ({@code ddl-skipped}), Debezium tombstones ({@code
 * tombstones-skipped}) and, in append mode, deletes ({@code deletes-skipped}).
 *
 * <p>Append mode ({@code <format>.source.append-mode}) emits only after-images, all as {@code +I}:
 * inserts and the new image of updates. Update before-images are left out (they are the old state
 * of a row that the after-image replaces) and deletes are dropped by design (counted).
 */
public abstract class ChangelogDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  /** Counter suffix of DDL (schema change) messages skipped by design. */
  public static final String DDL_SKIPPED = "ddl-skipped";

  /** Counter suffix of tombstones (null values) skipped by design. */
  public static final String TOMBSTONES_SKIPPED = "tombstones-skipped";

  /** Counter suffix of delete rows dropped in append mode. */
  public static final String DELETES_SKIPPED = "deletes-skipped";

  protected final String format;
  private final JsonToRowConverter physical;
  private final Schema produced;
  private final boolean ignoreParseErrors;
  private final boolean appendMode;
  private final boolean skipTombstones;

  /** One reader per requested metadata key; null for {@code row-kind}. */
  private final @Nullable MetadataReader[] metadata;

  private transient @Nullable IgnoredParseErrors ignored;
  private transient @Nullable Map<String, Counter> skipCounters;

  /**
   * @param physical the converter of the columns (its settings name the format and say whether
   *     parse errors are ignored)
   * @param produced the schema of the emitted rows ({@link
   *     dev.kafkaconnector.formats.ProducedSchema})
   * @param metadataKeys the requested metadata, in column order
   * @param readers the reader of each metadata key other than {@code row-kind}; called here only
   * @param appendMode emit after-images only, as inserts
   * @param skipTombstones a null message is skipped and counted instead of being an error
   */
  protected ChangelogDecoder(
      JsonToRowConverter physical,
      Schema produced,
      List<String> metadataKeys,
      Function<String, MetadataReader> readers,
      boolean appendMode,
      boolean skipTombstones) {
    this.physical = physical;
    this.format = physical.settings().format();
    this.produced = produced;
    this.ignoreParseErrors = physical.settings().ignoreParseErrors();
    this.appendMode = appendMode;
    this.skipTombstones = skipTombstones;
    this.metadata = new MetadataReader[metadataKeys.size()];
    for (int i = 0; i < metadata.length; i++) {
      String key = metadataKeys.get(i);
      metadata[i] = key.equals(FormatMetadata.ROW_KIND) ? null : readers.apply(key);
    }
  }

  /** The name of the counter of messages or rows skipped by design for {@code reason}. */
  public static String counterName(String format, String reason) {
    return format + "." + reason;
  }

  /**
   * Turns one envelope into changes.
   *
   * @throws FormatException when the envelope is not a valid message of the format
   */
  protected abstract void read(ObjectNode envelope, Changes out) throws FormatException;

  @Override
  public final void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    Changes changes;
    try {
      if (message == null) {
        if (skipTombstones) {
          skipCounter(TOMBSTONES_SKIPPED).inc();
          return;
        }
        throw new FormatException(
            format,
            null,
            "the record has a null value (tombstone), which is not a " + format + " message");
      }
      ObjectNode envelope = physical.parseObject(message);
      changes = new Changes(envelope);
      read(envelope, changes);
    } catch (FormatException e) {
      if (!ignoreParseErrors) {
        throw e;
      }
      ignoredCounter().inc();
      return;
    }
    if (changes.skipped != null) {
      skipCounter(changes.skipped).inc();
    }
    if (changes.deletesSkipped > 0) {
      skipCounter(DELETES_SKIPPED).inc(changes.deletesSkipped);
    }
    for (Row row : changes.rows) {
      out.collect(row);
    }
  }

  /**
   * Converts a row image: {@code node} must be a JSON object; errors are named under {@code member}
   * (for example {@code data[1].weight}).
   */
  protected final Row convert(@Nullable JsonNode node, String member) throws FormatException {
    if (node == null || node.isNull() || node.isMissingNode()) {
      throw new FormatException(format, member, "the row image is missing (null)");
    }
    if (!node.isObject()) {
      throw new FormatException(
          format, member, "expected a JSON object (the row image) but found " + node.getNodeType());
    }
    try {
      return physical.convert(node);
    } catch (FormatException e) {
      throw FormatErrors.under(format, member, e);
    }
  }

  /**
   * The before-image of an update whose {@code old} part holds only the changed columns (Canal,
   * Maxwell): the columns present in {@code old}, even as null, take its values; the others keep
   * the after-image's.
   */
  protected final Row mergeBefore(ObjectNode after, JsonNode old, String member)
      throws FormatException {
    if (!old.isObject()) {
      throw new FormatException(
          format, member, "expected a JSON object (old values) but found " + old.getNodeType());
    }
    ObjectNode before = after.deepCopy();
    before.setAll((ObjectNode) old);
    return convert(before, member);
  }

  /**
   * The text of the string member {@code name} of {@code envelope}, or null when it is missing or
   * JSON null.
   *
   * @throws FormatException when the member is not a string
   */
  protected final @Nullable String text(ObjectNode envelope, String name) throws FormatException {
    JsonNode node = envelope.get(name);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw new FormatException(format, name, "expected a string but found " + node.getNodeType());
    }
    return node.textValue();
  }

  private IgnoredParseErrors ignoredCounter() {
    IgnoredParseErrors counter = ignored;
    if (counter == null) {
      counter = IgnoredParseErrors.of(format);
      ignored = counter;
    }
    return counter;
  }

  private Counter skipCounter(String reason) {
    Map<String, Counter> counters = skipCounters;
    if (counters == null) {
      counters = new java.util.HashMap<>();
      skipCounters = counters;
    }
    return counters.computeIfAbsent(
        reason, r -> Metrics.counter(IgnoredParseErrors.NAMESPACE, counterName(format, r)));
  }

  /** The changes of one message, turned into rows of the produced schema as they are added. */
  protected final class Changes {
    private final ObjectNode envelope;
    private final List<Row> rows = new ArrayList<>(2);
    private @Nullable Object @Nullable [] metadataValues;
    private @Nullable String skipped;
    private long deletesSkipped;

    private Changes(ObjectNode envelope) {
      this.envelope = envelope;
    }

    /** Adds one change (in append mode: kept only when it is an after-image, as {@code +I}). */
    public void add(RowKind kind, Row row) throws FormatException {
      RowKind emitted = kind;
      if (appendMode) {
        if (kind == RowKind.UPDATE_BEFORE) {
          return;
        }
        if (kind == RowKind.DELETE) {
          deletesSkipped++;
          return;
        }
        emitted = RowKind.INSERT;
      }
      rows.add(produce(emitted, row));
    }

    /** Marks the message as skipped by design, counted under {@code reason}. */
    public void skip(String reason) {
      skipped = reason;
    }

    /** Whether update before-images are wanted (they are not in append mode). */
    public boolean wantsBeforeImages() {
      return !appendMode;
    }

    private Row produce(RowKind kind, Row row) throws FormatException {
      int n = metadata.length;
      if (n == 0) {
        return row;
      }
      Object[] values = metadataValues;
      if (values == null) {
        values = new Object[n];
        for (int i = 0; i < n; i++) {
          MetadataReader reader = metadata[i];
          values[i] = reader == null ? null : reader.read(envelope);
        }
        metadataValues = values;
      }
      List<Object> all = new ArrayList<>(row.getFieldCount() + n);
      all.addAll(row.getValues());
      for (int i = 0; i < n; i++) {
        all.add(metadata[i] == null ? kind.symbol() : values[i]);
      }
      return Row.withSchema(produced).attachValues(all);
    }
  }
}
