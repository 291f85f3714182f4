package dev.kafkaconnector.schema.change;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.beam.sdk.coders.CustomCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.util.VarInt;

/**
 * A Beam coder of a {@link Schema} itself (for state that keeps a table's schema), in the compact
 * form of the change-event coder behind a version byte. Exact: the decoded schema equals the
 * encoded one.
 */
public final class TableSchemaCoder extends CustomCoder<Schema> {
  private static final long serialVersionUID = 1L;
  private static final int VERSION = 1;
  private static final TableSchemaCoder INSTANCE = new TableSchemaCoder();

  private TableSchemaCoder() {}

  /** The coder (stateless, one instance). */
  public static TableSchemaCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(Schema schema, OutputStream outStream) throws IOException {
    DataOutputStream out = new DataOutputStream(outStream);
    out.writeByte(VERSION);
    byte[] bytes = SchemaCodec.encode(schema);
    VarInt.encode(bytes.length, out);
    out.write(bytes);
  }

  @Override
  public Schema decode(InputStream inStream) throws IOException {
    DataInputStream in = new DataInputStream(inStream);
    int version = in.readUnsignedByte();
    if (version != VERSION) {
      throw new IOException(
          "schema encoded with version " + version + ", this coder reads " + VERSION);
    }
    byte[] bytes = new byte[VarInt.decodeInt(in)];
    in.readFully(bytes);
    return SchemaCodec.decode(bytes);
  }

  @Override
  public void verifyDeterministic() {}

  @Override
  public boolean equals(Object o) {
    return o instanceof TableSchemaCoder;
  }

  @Override
  public int hashCode() {
    return TableSchemaCoder.class.hashCode();
  }
}
