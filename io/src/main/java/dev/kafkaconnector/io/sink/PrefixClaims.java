package dev.kafkaconnector.io.sink;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import org.apache.beam.sdk.Pipeline;

/**
 * The {@code sink.transactional-id-prefix} values of the exactly-once sinks applied to each
 * pipeline under construction, so that a second sink with a prefix already used in the same
 * pipeline fails when it is applied: the two would fence each other's producers for ever. Keys are
 * weak: an entry lives as long as its pipeline object, it holds strings only, and nothing of it
 * reaches a running job. Two jobs with one prefix are told apart at run time instead ({@link
 * ShardProducer#claim}).
 */
final class PrefixClaims {
  private static final Map<Pipeline, Set<String>> CLAIMED = new WeakHashMap<>();

  private PrefixClaims() {}

  /**
   * Notes that an exactly-once sink of {@code pipeline} uses {@code prefix}.
   *
   * @throws IllegalArgumentException when another sink of the pipeline uses it already
   */
  static void claim(Pipeline pipeline, String prefix) {
    synchronized (CLAIMED) {
      if (!CLAIMED.computeIfAbsent(pipeline, p -> new HashSet<>()).add(prefix)) {
        throw new IllegalArgumentException(
            "Option 'sink.transactional-id-prefix' = '"
                + prefix
                + "' is used by two exactly-once"
                + " sinks of this pipeline: their producers would fence each other. Give each"
                + " exactly-once sink its own prefix.");
      }
    }
  }
}
