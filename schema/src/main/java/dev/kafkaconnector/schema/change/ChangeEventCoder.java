package dev.kafkaconnector.schema.change;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.Field;
import org.apache.beam.sdk.util.VarInt;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The Beam coder of {@link ChangeEvent}s, whose rows have many schemas that change while the job
 * runs.
 *
 * <h2>Why every element carries its schema reference in its own bytes</h2>
 *
 * A Beam coder encodes one element at a time, and a runner may decode it anywhere: on Flink an
 * element crosses the network alone, to whichever subtask its key goes to, possibly after a restore
 * from a checkpoint, so the decoding coder has not necessarily seen any other element of the
 * stream. State shared between encoder and decoder can therefore only be what the coder itself
 * carries, since the coder is serialized into the pipeline and every worker gets the same copy.
 * Hence two ways a data change refers to its schema:
 *
 * <ul>
 *   <li><b>Known schemas</b>, given when the coder is built ({@link #of(Collection)}: the initial
 *       DDL schemas, the schemas inferred when the pipeline was constructed): the element holds the
 *       schema's index, one or two bytes.
 *   <li><b>Inline</b>, any other schema (one that evolved at run time): the element holds the
 *       schema in its compact form ({@link SchemaCodec}: names plus a byte per type). The decoder
 *       keeps decoded schemas and their row coders by their bytes, so parsing and row-coder
 *       generation happen once per schema and coder instance; only the bytes are paid again.
 * </ul>
 *
 * <p>Both are correct for a decoder that never saw the schema before. A "once per bundle" or "first
 * element only" scheme is not: nothing in Beam's coder contract tells the encoder which decoder
 * will read the element, or in which order. The rows themselves are encoded by Beam's {@link
 * org.apache.beam.sdk.coders.RowCoder} for their schema, before and after image sharing one schema
 * reference. Schema-change events are rare and carry their columns inline.
 *
 * <p>Format: a version byte ({@value #VERSION}), a tag per event kind, the table id, then the
 * kind's fields; a data change's primary key as column indexes into its schema (version 2; bytes of
 * version 1, without key, are read too). Not deterministic (rows may hold maps and floating-point
 * values).
 */
public final class ChangeEventCoder extends CustomCoder<ChangeEvent> {
  private static final long serialVersionUID = 1L;

  /** 2 adds a data change's primary key (column indexes, flag {@code HAS_KEY}); 1 is read too. */
  static final int VERSION = 2;

  private static final int DATA = 0;
  private static final int CREATE = 1;
  private static final int ADD = 2;
  private static final int ALTER = 3;
  private static final int DROP = 4;
  private static final int RENAME = 5;

  private static final int SCHEMA_KNOWN = 0;
  private static final int SCHEMA_INLINE = 1;
  private static final int HAS_BEFORE = 1;
  private static final int HAS_AFTER = 2;
  private static final int HAS_KEY = 4;
  private static final DataChangeEvent.Op[] OPS = DataChangeEvent.Op.values();

  private final List<Schema> knownSchemas;
  private transient volatile @Nullable SchemaCache cache;

  private ChangeEventCoder(List<Schema> knownSchemas) {
    this.knownSchemas = List.copyOf(knownSchemas);
  }

  /** A coder without known schemas: every data change carries its schema inline. */
  public static ChangeEventCoder of() {
    return new ChangeEventCoder(List.of());
  }

  /**
   * A coder for which data changes whose rows follow one of {@code knownSchemas} cost an index
   * instead of their schema. Encoder and decoder must be the same coder (Beam sees to that).
   */
  public static ChangeEventCoder of(Collection<Schema> knownSchemas) {
    return new ChangeEventCoder(new ArrayList<>(knownSchemas));
  }

  /** The schemas this coder refers to by index. */
  public List<Schema> knownSchemas() {
    return knownSchemas;
  }

  private SchemaCache cache() {
    SchemaCache c = cache;
    if (c == null) {
      synchronized (this) {
        c = cache;
        if (c == null) {
          c = new SchemaCache(knownSchemas);
          cache = c;
        }
      }
    }
    return c;
  }

  @Override
  public void encode(ChangeEvent event, OutputStream outStream) throws IOException {
    DataOutputStream out = new DataOutputStream(outStream);
    out.writeByte(VERSION);
    if (event instanceof DataChangeEvent data) {
      out.writeByte(DATA);
      writeTable(data.tableId(), out);
      encodeData(data, out);
    } else if (event instanceof CreateTableEvent create) {
      out.writeByte(CREATE);
      writeTable(create.tableId(), out);
      writeSchema(create.schema(), out);
      writeStrings(create.primaryKey(), out);
    } else if (event instanceof AddColumnEvent add) {
      out.writeByte(ADD);
      writeTable(add.tableId(), out);
      writeSchema(Schema.builder().addFields(add.columns()).build(), out);
    } else if (event instanceof AlterColumnTypeEvent alter) {
      out.writeByte(ALTER);
      writeTable(alter.tableId(), out);
      Schema.Builder types = Schema.builder();
      alter.newTypes().forEach(types::addField);
      writeSchema(types.build(), out);
    } else if (event instanceof DropColumnEvent drop) {
      out.writeByte(DROP);
      writeTable(drop.tableId(), out);
      writeStrings(drop.columns(), out);
    } else if (event instanceof RenameColumnEvent rename) {
      out.writeByte(RENAME);
      writeTable(rename.tableId(), out);
      writeStrings(new ArrayList<>(rename.renames().keySet()), out);
      writeStrings(new ArrayList<>(rename.renames().values()), out);
    } else {
      throw new IllegalArgumentException("unknown event " + event);
    }
  }

  private void encodeData(DataChangeEvent data, DataOutputStream out) throws IOException {
    out.writeByte(data.op().ordinal());
    VarInt.encode(data.schemaVersion(), out);
    SchemaCache.Entry entry = cache().forEncoding(data.schema());
    if (entry.knownIndex() >= 0) {
      out.writeByte(SCHEMA_KNOWN);
      VarInt.encode(entry.knownIndex(), out);
    } else {
      out.writeByte(SCHEMA_INLINE);
      VarInt.encode(entry.bytes().length, out);
      out.write(entry.bytes());
    }
    Row before = data.before();
    Row after = data.after();
    List<String> key = data.primaryKey();
    out.writeByte(
        (before != null ? HAS_BEFORE : 0)
            | (after != null ? HAS_AFTER : 0)
            | (key.isEmpty() ? 0 : HAS_KEY));
    if (!key.isEmpty()) {
      // By column index: a byte or two per column instead of its name.
      Schema schema = data.schema();
      VarInt.encode(key.size(), out);
      for (String column : key) {
        VarInt.encode(schema.indexOf(column), out);
      }
    }
    if (before != null) {
      entry.rowCoder().encode(before, out);
    }
    if (after != null) {
      entry.rowCoder().encode(after, out);
    }
  }

  @Override
  public ChangeEvent decode(InputStream inStream) throws IOException {
    DataInputStream in = new DataInputStream(inStream);
    int version = in.readUnsignedByte();
    if (version != VERSION && version != 1) {
      throw new IOException(
          "change event encoded with format version " + version + ", this coder reads " + VERSION);
    }
    int tag = in.readUnsignedByte();
    TableId table = readTable(in);
    switch (tag) {
      case DATA:
        return decodeData(table, in);
      case CREATE:
        Schema schema = readSchema(in);
        return new CreateTableEvent(table, schema, readStrings(in));
      case ADD:
        return new AddColumnEvent(table, readSchema(in).getFields());
      case ALTER:
        Map<String, Schema.FieldType> types = new LinkedHashMap<>();
        for (Field field : readSchema(in).getFields()) {
          types.put(field.getName(), field.getType());
        }
        return new AlterColumnTypeEvent(table, types);
      case DROP:
        return new DropColumnEvent(table, readStrings(in));
      case RENAME:
        List<String> from = readStrings(in);
        List<String> to = readStrings(in);
        Map<String, String> renames = new LinkedHashMap<>();
        for (int i = 0; i < from.size(); i++) {
          renames.put(from.get(i), to.get(i));
        }
        return new RenameColumnEvent(table, renames);
      default:
        throw new IOException("unknown change event tag " + tag);
    }
  }

  private DataChangeEvent decodeData(TableId table, DataInputStream in) throws IOException {
    int op = in.readUnsignedByte();
    if (op >= OPS.length) {
      throw new IOException("unknown change operation " + op);
    }
    long version = VarInt.decodeLong(in);
    int ref = in.readUnsignedByte();
    SchemaCache.Entry entry;
    if (ref == SCHEMA_KNOWN) {
      entry = cache().known(VarInt.decodeInt(in));
    } else if (ref == SCHEMA_INLINE) {
      entry = cache().forBytes(readBytes(in));
    } else {
      throw new IOException("unknown schema reference " + ref);
    }
    int present = in.readUnsignedByte();
    List<String> key = List.of();
    if ((present & HAS_KEY) != 0) {
      Schema schema = entry.schema();
      int n = VarInt.decodeInt(in);
      List<String> columns = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        int index = VarInt.decodeInt(in);
        if (index < 0 || index >= schema.getFieldCount()) {
          throw new IOException("primary key column " + index + " is not in " + schema);
        }
        columns.add(schema.getField(index).getName());
      }
      key = columns;
    }
    Row before = (present & HAS_BEFORE) != 0 ? entry.rowCoder().decode(in) : null;
    Row after = (present & HAS_AFTER) != 0 ? entry.rowCoder().decode(in) : null;
    return new DataChangeEvent(table, OPS[op], before, after, version, key);
  }

  private static void writeTable(TableId table, DataOutputStream out) throws IOException {
    writeStrings(table.parts(), out);
  }

  private static TableId readTable(DataInputStream in) throws IOException {
    return TableId.ofParts(readStrings(in));
  }

  private static void writeSchema(Schema schema, DataOutputStream out) throws IOException {
    byte[] bytes = SchemaCodec.encode(schema);
    VarInt.encode(bytes.length, out);
    out.write(bytes);
  }

  private static Schema readSchema(DataInputStream in) throws IOException {
    return SchemaCodec.decode(readBytes(in));
  }

  private static void writeStrings(List<String> strings, DataOutputStream out) throws IOException {
    VarInt.encode(strings.size(), out);
    for (String s : strings) {
      byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
      VarInt.encode(utf8.length, out);
      out.write(utf8);
    }
  }

  private static List<String> readStrings(DataInputStream in) throws IOException {
    int n = VarInt.decodeInt(in);
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(new String(readBytes(in), StandardCharsets.UTF_8));
    }
    return out;
  }

  private static byte[] readBytes(DataInputStream in) throws IOException {
    int n = VarInt.decodeInt(in);
    if (n < 0) {
      throw new IOException("negative length " + n);
    }
    byte[] bytes = new byte[n];
    in.readFully(bytes);
    return bytes;
  }

  @Override
  public void verifyDeterministic() throws NonDeterministicException {
    throw new NonDeterministicException(
        this, "change events hold rows, which may hold maps and floating-point values");
  }

  @Override
  public boolean equals(@Nullable Object o) {
    return o instanceof ChangeEventCoder other && knownSchemas.equals(other.knownSchemas);
  }

  @Override
  public int hashCode() {
    return knownSchemas.hashCode();
  }

  @Override
  public String toString() {
    return "ChangeEventCoder(" + knownSchemas.size() + " known schemas)";
  }
}
