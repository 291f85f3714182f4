package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.KafkaLineage;
import java.util.HashSet;
import java.util.Set;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The topics one writer instance reported to Beam's lineage as written ({@link KafkaLineage}): each
 * once, on its first record, so the per-record cost is a set look-up.
 */
final class SinkLineage {
  private final @Nullable String servers;
  private final Set<String> reported = new HashSet<>();
  private @Nullable String last;

  SinkLineage(@Nullable String servers) {
    this.servers = servers;
  }

  /** Notes a record written to {@code topic}. */
  void written(String topic) {
    if (topic.equals(last)) {
      return;
    }
    last = topic;
    if (reported.add(topic)) {
      KafkaLineage.sink(servers, topic);
    }
  }
}
