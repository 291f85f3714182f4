package dev.kafkaconnector.io.source.enumerate;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.beam.sdk.coders.AtomicCoder;
import org.apache.beam.sdk.coders.BooleanCoder;
import org.apache.beam.sdk.coders.StringUtf8Coder;
import org.apache.beam.sdk.coders.VarIntCoder;
import org.apache.kafka.common.TopicPartition;

/**
 * The coder of partition discovery's checkpointed state: a version byte, then the fields, so that a
 * job checkpointed by one connector build can be restored by a later one (Java serialization would
 * tie the state to the class's exact shape). Version 1: initialized, finished, the known
 * partitions. Version 2 (written now) appends the topic ids; version 1 state still decodes, with no
 * ids (see {@link DiscoveryRestriction} for what the first listing after such a restore does).
 */
final class DiscoveryRestrictionCoder extends AtomicCoder<DiscoveryRestriction> {
  private static final long serialVersionUID = 1L;
  static final int VERSION_WITHOUT_IDS = 1;
  static final int VERSION = 2;
  private static final DiscoveryRestrictionCoder INSTANCE = new DiscoveryRestrictionCoder();

  static DiscoveryRestrictionCoder of() {
    return INSTANCE;
  }

  @Override
  public void encode(DiscoveryRestriction value, OutputStream out) throws IOException {
    out.write(VERSION);
    BooleanCoder.of().encode(value.initialized(), out);
    BooleanCoder.of().encode(value.finished(), out);
    VarIntCoder.of().encode(value.known().size(), out);
    for (TopicPartition tp : value.known()) {
      StringUtf8Coder.of().encode(tp.topic(), out);
      VarIntCoder.of().encode(tp.partition(), out);
    }
    Map<String, String> ids = new TreeMap<>(value.topicIds());
    VarIntCoder.of().encode(ids.size(), out);
    for (Map.Entry<String, String> e : ids.entrySet()) {
      StringUtf8Coder.of().encode(e.getKey(), out);
      StringUtf8Coder.of().encode(e.getValue(), out);
    }
  }

  @Override
  public DiscoveryRestriction decode(InputStream in) throws IOException {
    int version = in.read();
    if (version != VERSION && version != VERSION_WITHOUT_IDS) {
      throw new IOException(
          "Cannot decode partition discovery state of version "
              + version
              + " (this build reads"
              + " versions "
              + VERSION_WITHOUT_IDS
              + " and "
              + VERSION
              + ")");
    }
    boolean initialized = BooleanCoder.of().decode(in);
    boolean finished = BooleanCoder.of().decode(in);
    int n = VarIntCoder.of().decode(in);
    Set<TopicPartition> known = new HashSet<>();
    for (int i = 0; i < n; i++) {
      known.add(new TopicPartition(StringUtf8Coder.of().decode(in), VarIntCoder.of().decode(in)));
    }
    Map<String, String> ids = new HashMap<>();
    if (version == VERSION) {
      int topics = VarIntCoder.of().decode(in);
      for (int i = 0; i < topics; i++) {
        ids.put(StringUtf8Coder.of().decode(in), StringUtf8Coder.of().decode(in));
      }
    }
    return new DiscoveryRestriction(initialized, known, ids, finished);
  }
}
