package dev.kafkaconnector.io.common;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.beam.sdk.metrics.Lineage;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Beam lineage of the topics read and written, in the shape Beam's own KafkaIO reports: system
 * {@code kafka}, segments {@code [bootstrap servers, topic]}, so a topic is the FQN {@code
 * kafka:`<servers>`.<topic>} (Beam quotes a segment holding {@code .} or {@code :}). The servers
 * are {@code bootstrap.servers} as a list: trimmed, without repeats, joined with {@code ,}. Only
 * servers and topic names go into it, never other client properties.
 */
public final class KafkaLineage {
  /** Beam's system name for Kafka. */
  public static final String SYSTEM = "kafka";

  private KafkaLineage() {}

  /** Reports {@code topic} on {@code servers} as read. */
  public static void source(@Nullable String servers, String topic) {
    Lineage.getSources().add(SYSTEM, segments(servers, topic));
  }

  /** Reports {@code topic} on {@code servers} as written. */
  public static void sink(@Nullable String servers, String topic) {
    Lineage.getSinks().add(SYSTEM, segments(servers, topic));
  }

  static List<String> segments(@Nullable String servers, String topic) {
    return List.of(servers(servers), topic);
  }

  /** {@code bootstrap.servers} as Beam's KafkaIO writes it into lineage. */
  static String servers(@Nullable String servers) {
    if (servers == null) {
      return "";
    }
    Set<String> unique = new LinkedHashSet<>();
    for (String s : servers.split(",")) {
      if (!s.isBlank()) {
        unique.add(s.trim());
      }
    }
    return String.join(",", unique);
  }
}
