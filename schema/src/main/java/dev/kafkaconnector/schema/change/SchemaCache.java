package dev.kafkaconnector.schema.change;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The schemas one {@link ChangeEventCoder} instance has met, each with its bytes, its index among
 * the coder's known schemas (or -1) and the {@link RowCoder} of its rows, so that a schema is
 * encoded, looked up and given a row coder once per coder instance, not once per element.
 * Thread-safe; bounded (cleared when it grows past {@link #LIMIT} schemas), and it lives and dies
 * with the coder instance (no static state).
 *
 * <p>Decoded schemas get a UUID derived from their bytes, so every copy of the coder (one per
 * worker, operator or deserialization) gives equal schemas the same UUID and Beam's generated row
 * coders, cached by UUID, are reused instead of generated again.
 */
final class SchemaCache {
  static final int LIMIT = 4096;

  /** One schema: its bytes, known-schema index (or -1), and the coder of its rows. */
  record Entry(Schema schema, byte[] bytes, int knownIndex, RowCoder rowCoder) {}

  /** Wraps encoded schema bytes as a map key compared by content. */
  private record Bytes(byte[] value) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Bytes other && Arrays.equals(value, other.value);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(value);
    }
  }

  /** Wraps a schema as a map key compared by identity (schema equality is not cheap). */
  private record Identity(Schema schema) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Identity other && other.schema == schema;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(schema);
    }
  }

  private final Map<Bytes, Integer> knownIndexes = new ConcurrentHashMap<>();
  private final List<Schema> known;
  private final Map<Identity, Entry> bySchema = new ConcurrentHashMap<>();
  private final Map<Bytes, Entry> byBytes = new ConcurrentHashMap<>();

  /** The entries of the known schemas, made on first use (decoding refers to them by index). */
  private final java.util.concurrent.atomic.AtomicReferenceArray<Entry> knownEntries;

  SchemaCache(List<Schema> known) {
    this.known = known;
    this.knownEntries = new java.util.concurrent.atomic.AtomicReferenceArray<>(known.size());
    for (int i = 0; i < known.size(); i++) {
      knownIndexes.putIfAbsent(new Bytes(SchemaCodec.encode(known.get(i))), i);
    }
  }

  /** The entry of a schema about to be encoded. */
  Entry forEncoding(Schema schema) {
    Identity key = new Identity(schema);
    Entry entry = bySchema.get(key);
    if (entry == null) {
      entry = forBytes(SchemaCodec.encode(schema));
      bound(bySchema);
      bySchema.put(key, entry);
    }
    return entry;
  }

  /** The entry of the {@code index}-th known schema. */
  Entry known(int index) throws IOException {
    if (index < 0 || index >= known.size()) {
      throw new IOException(
          "encoded event refers to known schema "
              + index
              + ", but this coder knows "
              + known.size()
              + ": the encoding and decoding coders differ");
    }
    Entry entry = knownEntries.get(index);
    if (entry == null) {
      entry = forBytes(SchemaCodec.encode(known.get(index)));
      knownEntries.set(index, entry);
    }
    return entry;
  }

  /** The entry of an encoded schema, decoded once. */
  Entry forBytes(byte[] bytes) {
    Bytes key = new Bytes(bytes);
    Entry entry = byBytes.get(key);
    if (entry == null) {
      Schema schema;
      try {
        schema = SchemaCodec.decode(bytes);
      } catch (IOException e) {
        throw new IllegalStateException("unreadable schema in a change event", e);
      }
      schema.setUUID(UUID.nameUUIDFromBytes(bytes));
      Integer index = knownIndexes.get(key);
      entry = new Entry(schema, bytes, index == null ? -1 : index, RowCoder.of(schema));
      bound(byBytes);
      Entry raced = byBytes.putIfAbsent(key, entry);
      entry = raced != null ? raced : entry;
    }
    return entry;
  }

  private static void bound(Map<?, ?> map) {
    if (map.size() >= LIMIT) {
      map.clear();
    }
  }
}
