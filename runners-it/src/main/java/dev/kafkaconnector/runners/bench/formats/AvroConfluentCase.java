package dev.kafkaconnector.runners.bench.formats;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.formats.avro.AvroRowDataDeserializationSchema;
import org.apache.flink.table.data.RowData;

/**
 * {@code avro-confluent}: the records of {@link AvroCase} in the Confluent wire format, written by
 * our encoder (which registers the schema with a real registry, see {@link #REGISTRY_URL}) and
 * decoded by ours (the schema fetched once by id). flink-avro-confluent-registry is not served
 * here, so the baseline is plain Avro decoding of the same payload: the 5-byte header checked and
 * stripped, then Flink 1.19's {@code AvroRowDataDeserializationSchema} — what Flink's
 * avro-confluent deserializer does besides its (cached) schema lookup.
 */
final class AvroConfluentCase extends AvroCase {
  /** The system property with the registry's URL; the benchmark's main starts the registry. */
  static final String REGISTRY_URL = "bench.registry.url";

  @Override
  String format() {
    return "avro-confluent";
  }

  @Override
  Map<String, String> formatOptions() {
    String url = System.getProperty(REGISTRY_URL);
    if (url == null) {
      throw new IllegalStateException(
          "The avro-confluent case needs a schema registry: system property "
              + REGISTRY_URL
              + " is not set (FormatBenchmarkMain starts one)");
    }
    return Map.of("avro-confluent.url", url, "avro-confluent.subject", "bench-value");
  }

  @Override
  boolean needsRegistry() {
    return true;
  }

  @Override
  List<FlinkDecoder> flink() {
    return List.of(
        new FlinkDecoder(
            "flink-plain",
            "header stripped, then AvroRowDataDeserializationSchema",
            () -> new Framed(new AvroRowDataDeserializationSchema(notNull(), ROW_DATA_TYPE_INFO))));
  }

  /** Checks the magic byte, reads the id, and decodes the rest with a plain Avro decoder. */
  private static final class Framed implements DeserializationSchema<RowData> {
    private static final long serialVersionUID = 1L;
    private final DeserializationSchema<RowData> plain;

    Framed(DeserializationSchema<RowData> plain) {
      this.plain = plain;
    }

    @Override
    public void open(InitializationContext context) throws Exception {
      plain.open(context);
    }

    @Override
    public RowData deserialize(byte[] message) throws IOException {
      if (message.length < 5 || message[0] != 0) {
        throw new IOException("not in the Confluent wire format");
      }
      int id =
          ((message[1] & 0xff) << 24)
              | ((message[2] & 0xff) << 16)
              | ((message[3] & 0xff) << 8)
              | (message[4] & 0xff);
      if (id < 0) {
        throw new IOException("negative schema id");
      }
      return plain.deserialize(Arrays.copyOfRange(message, 5, message.length));
    }

    @Override
    public boolean isEndOfStream(RowData nextElement) {
      return false;
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
      return plain.getProducedType();
    }
  }
}
