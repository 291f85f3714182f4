package dev.kafkaconnector.io.source;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.kafka.common.TopicPartition;

/**
 * One topic partition to read, with the offsets resolved when it was found: reading starts at
 * {@code startOffset} and stops before {@code stopOffset} ({@link Long#MAX_VALUE} for an
 * unbounded read).
 */
public record PartitionDescriptor(String topic, int partition, long startOffset, long stopOffset)
    implements Serializable {

  public static final long UNBOUNDED = Long.MAX_VALUE;

  public TopicPartition topicPartition() {
    return new TopicPartition(topic, partition);
  }

  /**
   * A deterministic coder with a version byte first, so that a later connector build can still
   * decode the descriptors of a job's checkpoint.
   */
  public static final class Coder extends AtomicCoder<PartitionDescriptor> {
    private static final long serialVersionUID = 1L;
    private static final int VERSION = 1;
    private static final Coder INSTANCE = new Coder();

    public static Coder of() {
      return INSTANCE;
    }

    @Override
    public void encode(PartitionDescriptor value, OutputStream out) throws IOException {
      out.write(VERSION);
      StringUtf8Coder.of().encode(value.topic(), out);
      VarIntCoder.of().encode(value.partition(), out);
      VarLongCoder.of().encode(value.startOffset(), out);
      VarLongCoder.of().encode(value.stopOffset(), out);
    }

    @Override
    public PartitionDescriptor decode(InputStream in) throws IOException {
      int version = in.read();
      if (version != VERSION) {
        throw new IOException(
            "Cannot decode a partition descriptor of version " + version + " (this build reads"
                + " version " + VERSION + ")");
      }
      return new PartitionDescriptor(
          StringUtf8Coder.of().decode(in),
          VarIntCoder.of().decode(in),
          VarLongCoder.of().decode(in),
          VarLongCoder.of().decode(in));
    }

    @Override
    public void verifyDeterministic() {}
  }
}
