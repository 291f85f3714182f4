package dev.kafkaconnector.io.cdc;

import dev.kafkaconnector.schema.change.TableSchemaCoder;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.util.VarInt;

/**
 * What the schema-evolution step keeps per table: the schema sent downstream, its version (the
 * number of schema changes sent so far) and the primary key of the first create-table event.
 *
 * <p>A table is not {@code created} while only column changes (add-column, alter-type) arrived for
 * it, which a parallel reader's event can do before any reader's create-table or row: the schema
 * then holds those columns, nothing was sent downstream, and the first whole schema (a create-table
 * or a row's) creates the table with them. So the created schema does not depend on which event
 * came first.
 */
record TableState(Schema schema, long version, List<String> primaryKey, boolean created) {
  TableState {
    primaryKey = List.copyOf(primaryKey);
  }

  /** A created table. */
  TableState(Schema schema, long version, List<String> primaryKey) {
    this(schema, version, primaryKey, true);
  }

  TableState evolved(Schema newSchema) {
    return new TableState(newSchema, version + 1, primaryKey, created);
  }

  /** The versioned state coder (checkpointed state never uses Java serialization). */
  static final class Coder extends CustomCoder<TableState> {
    private static final long serialVersionUID = 1L;

    /** 2 adds the created flag; version 1 states are created tables. */
    private static final int VERSION = 2;

    @Override
    public void encode(TableState state, OutputStream outStream) throws IOException {
      DataOutputStream out = new DataOutputStream(outStream);
      out.writeByte(VERSION);
      TableSchemaCoder.of().encode(state.schema(), out);
      VarInt.encode(state.version(), out);
      VarInt.encode(state.primaryKey().size(), out);
      for (String column : state.primaryKey()) {
        StringUtf8Coder.of().encode(column, out);
      }
      out.writeBoolean(state.created());
    }

    @Override
    public TableState decode(InputStream inStream) throws IOException {
      DataInputStream in = new DataInputStream(inStream);
      int version = in.readUnsignedByte();
      if (version != VERSION && version != 1) {
        throw new IOException(
            "table state written with version " + version + ", this coder reads " + VERSION);
      }
      Schema schema = TableSchemaCoder.of().decode(in);
      long schemaVersion = VarInt.decodeLong(in);
      int n = VarInt.decodeInt(in);
      List<String> key = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        key.add(StringUtf8Coder.of().decode(in));
      }
      boolean created = version == 1 || in.readBoolean();
      return new TableState(schema, schemaVersion, key, created);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Coder;
    }

    @Override
    public int hashCode() {
      return Coder.class.hashCode();
    }
  }
}
