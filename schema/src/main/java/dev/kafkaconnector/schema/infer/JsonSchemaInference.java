package dev.kafkaconnector.schema.infer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.schema.infer.InferredType.Kind;
import java.io.IOException;
import java.util.Objects;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Infers a Beam schema from a sample of JSON documents: the type of each document ({@link
 * JsonTypes}) joined in the lattice of {@link InferredType}, then turned into columns ({@link
 * InferredColumns}). Mutable and not thread-safe: one instance collects one sample; instances
 * collected apart (per partition) combine with {@link #mergeFrom}, in any order.
 *
 * <h2>Compared with Spark and Flink CDC</h2>
 *
 * <p>Spark's {@code JsonInferSchema} (sql/catalyst, {@code inferField} and {@code compatibleType})
 * is the closest relative: integers are LongType, floats DoubleType, Long with Double is Double, an
 * integer beyond Long is {@code DecimalType(p, 0)} (Double beyond 38 digits), Decimal with Double
 * is Double, struct fields are merged by name and sorted, and any other conflict is StringType.
 * Ours differs where a Kafka source needs it:
 *
 * <ul>
 *   <li>Spark keeps arrays as {@code ArrayType} and nested objects as {@code StructType}; here a
 *       nested value is one STRING column with its JSON text unless {@code
 *       flatten-nested-columns.enable}, which gives path-named columns instead of a ROW, as the
 *       spec's catalog does: columns stay addressable in Beam SQL without ROW access, and a nested
 *       field that changes type widens one column, not a whole ROW type.
 *   <li>Spark infers dates and timestamps only when asked ({@code inferTimestamp}, {@code
 *       prefersDecimal}); here string-type inference is on by default (the spec's default) and
 *       recognizes exactly the texts the json format reads in the configured {@code
 *       timestamp-format.standard}, so an inferred column is always readable.
 *   <li>Spark gives an all-null column StringType after merging; so does this one, but the merge
 *       keeps NULL as a proper bottom element, so a later non-null value refines it.
 *   <li>Spark adds {@code _corrupt_record} for unparsable documents; here unparsable values are
 *       skipped by the sampler and, at read time, follow the source's bad-record policy. Only a
 *       non-JSON key adds a column (the spec's {@code parse-key-error.field-name}).
 * </ul>
 *
 * <p>Flink CDC's {@code SchemaMergingUtils.getLeastCommonType} merges a current schema with an
 * upcoming one along a type-merging tree (TINYINT, SMALLINT, INT, BIGINT, DECIMAL, with FLOAT and
 * DOUBLE beside them, everything to STRING; TIMESTAMP to TIMESTAMP_LTZ to TIMESTAMP_TZ), and
 * appends unknown columns in arrival order. It is a fold over an ordered stream run by one
 * coordinator; ours must give the same schema whatever order partitions are sampled in, so:
 *
 * <ul>
 *   <li>columns are sorted by name instead of appended in arrival order;
 *   <li>DECIMAL with DOUBLE is DOUBLE, where Flink CDC's decimal merge rejects or falls back to
 *       STRING: JSON numbers are doubles to most producers, and DOUBLE keeps the column numeric;
 *   <li>a DECIMAL merge never fails on precision: integers beyond BIGINT are DECIMAL(38, 0) and
 *       anything wider is DOUBLE;
 *   <li>only BIGINT and DOUBLE come out of JSON numbers (JSON does not say INT from BIGINT), so the
 *       narrower integer types of the tree do not occur; TIMESTAMP with TIMESTAMP_LTZ is
 *       TIMESTAMP_LTZ as in Flink CDC, DATE with TIMESTAMP is STRING (the json format does not read
 *       a bare date as a TIMESTAMP).
 * </ul>
 */
public final class JsonSchemaInference {
  /** Rejects content after the document, as the json format does. */
  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final InferenceSettings settings;
  private final JsonTypes types;
  private InferredType merged = InferredType.NULL;
  private long documents;
  private long rejected;
  private boolean rawKeys;

  public JsonSchemaInference(InferenceSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.types = new JsonTypes(settings);
  }

  /** The type of one document under {@code settings}, without merging it anywhere. */
  public static InferredType typeOf(JsonNode document, InferenceSettings settings) {
    return new JsonTypes(settings).ofDocument(document);
  }

  public InferenceSettings settings() {
    return settings;
  }

  /**
   * Adds a parsed document. Only JSON objects give columns; any other value is counted in {@link
   * #rejected()} and otherwise ignored.
   *
   * @return whether the document was an object
   */
  public boolean add(JsonNode document) {
    if (document == null || !document.isObject()) {
      rejected++;
      return false;
    }
    merged = merged.merge(types.ofDocument(document));
    documents++;
    return true;
  }

  /**
   * Adds the type of one document typed elsewhere ({@link #typeOf}), for example a record's key and
   * value members typed under different settings and joined into one object type. The settings of
   * this instance still give the columns ({@code fixed-types}, nullability).
   *
   * @return whether the type was an object (others are counted in {@link #rejected()})
   */
  public boolean add(InferredType document) {
    if (document.kind() != Kind.OBJECT) {
      rejected++;
      return false;
    }
    merged = merged.merge(document);
    documents++;
    return true;
  }

  /**
   * Adds a message value: null (a tombstone) and empty values are skipped, other bytes are parsed
   * as JSON and must be an object, or are counted in {@link #rejected()}.
   */
  public boolean addValue(byte @Nullable [] value) {
    if (value == null || value.length == 0) {
      return false;
    }
    JsonNode node = parse(value);
    return node != null ? add(node) : reject();
  }

  /**
   * Adds a message key: null and empty keys are skipped; a JSON object adds its members; any other
   * non-empty key makes the schema get the raw-key column {@link #hasRawKeyColumn}.
   */
  public boolean addKey(byte @Nullable [] key) {
    if (key == null || key.length == 0) {
      return false;
    }
    JsonNode node = parse(key);
    if (node != null && node.isObject()) {
      return add(node);
    }
    rawKeys = true;
    return false;
  }

  private boolean reject() {
    rejected++;
    return false;
  }

  private static @Nullable JsonNode parse(byte[] bytes) {
    try {
      return MAPPER.readTree(bytes);
    } catch (IOException e) {
      return null;
    }
  }

  /** Merges a sample collected by another instance with the same settings. */
  public JsonSchemaInference mergeFrom(JsonSchemaInference other) {
    if (!settings.equals(other.settings)) {
      throw new IllegalArgumentException("cannot merge samples inferred with other settings");
    }
    merged = merged.merge(other.merged);
    documents += other.documents;
    rejected += other.rejected;
    rawKeys |= other.rawKeys;
    return this;
  }

  /** The merged type of the documents added so far (NULL before any). */
  public InferredType type() {
    return merged;
  }

  /** How many documents (JSON objects) were merged. */
  public long documents() {
    return documents;
  }

  /** How many values were not JSON objects (and not empty). */
  public long rejected() {
    return rejected;
  }

  /** Whether some non-empty key was not a JSON object (see {@link #addKey}). */
  public boolean hasRawKeyColumn() {
    return rawKeys;
  }

  /** The columns of the documents so far, with the fixed types applied. */
  public InferredColumns columns() {
    InferredType document =
        merged.kind() == Kind.OBJECT ? merged : InferredType.object(java.util.Map.of());
    return InferredColumns.of(document, settings);
  }

  /** The flat schema of {@link #columns()}. */
  public Schema schema() {
    return columns().schema();
  }
}
