package dev.kafkaconnector.io.source.spec;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.beam.sdk.coders.VarLongCoder;
import org.apache.kafka.common.TopicPartition;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One topic partition to read, with the offsets resolved when it was found: reading starts at
 * {@code startOffset} and stops before {@code stopOffset} ({@link Long#MAX_VALUE} for an unbounded
 * read).
 *
 * <p>{@code topicId} is the Kafka topic id (its {@code Uuid} in text form) of the topic's
 * incarnation when the partition was found. A topic deleted and re-created under the same name gets
 * a new id, so the id tells the two incarnations apart: the reader of a descriptor ends its read
 * only when the cluster confirms that this id is gone, and the re-created topic's partitions are
 * new descriptors with the new id. What happens to it on:
 *
 * <ul>
 *   <li>restore from an older savepoint: descriptors written by builds before the id (coder version
 *       1) decode with a null id; their reader looks the id up by name at its first existence check
 *       and keeps it (so a topic re-created while the job was stopped is taken for the one the job
 *       was reading);
 *   <li>rescale: the descriptor moves with its restriction, id included;
 *   <li>a second job with the same settings: it lists the partitions itself and gets the same id
 *       for the same incarnation; nothing is shared;
 *   <li>a deleted and re-created topic: the old descriptor's read ends once the admin client says
 *       its id is unknown; the new incarnation is read from its start under the new id.
 * </ul>
 */
public record PartitionDescriptor(
    String topic, int partition, long startOffset, long stopOffset, @Nullable String topicId)
    implements Serializable {

  public static final long UNBOUNDED = Long.MAX_VALUE;

  /** A descriptor without a known topic id. */
  public PartitionDescriptor(String topic, int partition, long startOffset, long stopOffset) {
    this(topic, partition, startOffset, stopOffset, null);
  }

  public TopicPartition topicPartition() {
    return new TopicPartition(topic, partition);
  }

  /**
   * A deterministic coder with a version byte first, so that a later connector build can still
   * decode the descriptors of a job's checkpoint. Version 1: topic, partition, start, stop. Version
   * 2 adds the topic id; a descriptor without id is still written as version 1, byte for byte what
   * the builds before the id wrote.
   */
  public static final class Coder extends AtomicCoder<PartitionDescriptor> {
    private static final long serialVersionUID = 1L;
    private static final int VERSION_WITHOUT_ID = 1;
    private static final int VERSION = 2;
    private static final Coder INSTANCE = new Coder();

    public static Coder of() {
      return INSTANCE;
    }

    @Override
    public void encode(PartitionDescriptor value, OutputStream out) throws IOException {
      out.write(value.topicId() == null ? VERSION_WITHOUT_ID : VERSION);
      StringUtf8Coder.of().encode(value.topic(), out);
      VarIntCoder.of().encode(value.partition(), out);
      VarLongCoder.of().encode(value.startOffset(), out);
      VarLongCoder.of().encode(value.stopOffset(), out);
      if (value.topicId() != null) {
        StringUtf8Coder.of().encode(value.topicId(), out);
      }
    }

    @Override
    public PartitionDescriptor decode(InputStream in) throws IOException {
      int version = in.read();
      if (version != VERSION && version != VERSION_WITHOUT_ID) {
        throw new IOException(
            "Cannot decode a partition descriptor of version "
                + version
                + " (this build reads"
                + " versions "
                + VERSION_WITHOUT_ID
                + " and "
                + VERSION
                + ")");
      }
      String topic = StringUtf8Coder.of().decode(in);
      int partition = VarIntCoder.of().decode(in);
      long start = VarLongCoder.of().decode(in);
      long stop = VarLongCoder.of().decode(in);
      String topicId = version == VERSION ? StringUtf8Coder.of().decode(in) : null;
      return new PartitionDescriptor(topic, partition, start, stop, topicId);
    }

    @Override
    public void verifyDeterministic() {}
  }
}
