package dev.kafkaconnector.io.sink;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.ByteArrayCoder;
import org.apache.beam.sdk.coders.NullableCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;

/**
 * The coder of encoded records between the exactly-once sink's steps (and in its checkpointed
 * buffers): everything a record has, topic, partition, timestamp, key, value and headers, with a
 * version byte first.
 */
final class EncodedRecordCoder extends AtomicCoder<EncodedRecord> {
  private static final long serialVersionUID = 1L;
  private static final int VERSION = 1;
  private static final EncodedRecordCoder INSTANCE = new EncodedRecordCoder();
  private static final NullableCoder<Integer> INT = NullableCoder.of(VarIntCoder.of());
  private static final NullableCoder<Long> LONG = NullableCoder.of(VarLongCoder.of());
  private static final NullableCoder<byte[]> BYTES = NullableCoder.of(ByteArrayCoder.of());

  static EncodedRecordCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(EncodedRecord r, OutputStream out) throws IOException {
    out.write(VERSION);
    StringUtf8Coder.of().encode(r.topic(), out);
    INT.encode(r.partition(), out);
    LONG.encode(r.timestamp(), out);
    BYTES.encode(r.key(), out);
    BYTES.encode(r.value(), out);
    Map<String, byte[]> headers = r.headers();
    VarIntCoder.of().encode(headers == null ? -1 : headers.size(), out);
    if (headers != null) {
      for (Map.Entry<String, byte[]> h : headers.entrySet()) {
        StringUtf8Coder.of().encode(h.getKey(), out);
        BYTES.encode(h.getValue(), out);
      }
    }
  }

  @Override
  public EncodedRecord decode(InputStream in) throws IOException {
    int version = in.read();
    if (version != VERSION) {
      throw new IOException("Cannot decode a record of version " + version);
    }
    String topic = StringUtf8Coder.of().decode(in);
    Integer partition = INT.decode(in);
    Long timestamp = LONG.decode(in);
    byte[] key = BYTES.decode(in);
    byte[] value = BYTES.decode(in);
    int n = VarIntCoder.of().decode(in);
    Map<String, byte[]> headers = null;
    if (n >= 0) {
      headers = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        headers.put(StringUtf8Coder.of().decode(in), BYTES.decode(in));
      }
    }
    return new EncodedRecord(topic, partition, timestamp, key, value, headers);
  }
}
