package dev.kafkaconnector.io.source.decode;

import static dev.kafkaconnector.io.common.KafkaConnectorOptions.INGESTION_ERROR_TOLERANCE_MAX_COUNT;
import static dev.kafkaconnector.io.common.KafkaConnectorOptions.INGESTION_IGNORE_ERRORS;

import dev.kafkaconnector.formats.options.Configuration;
import java.io.Serializable;

/**
 * What happens to a record that cannot be decoded, unless a dead-letter handler takes it: fail the
 * job (the default), or skip it with a count ({@code ingestion.ignore-errors}) until more than
 * {@code ingestion.error-tolerance.max-count} records failed.
 *
 * @param ignoreErrors skip bad records instead of failing
 * @param maxCount with {@code ignoreErrors}: fail once more than this many failed; -1 = no limit
 */
public record ErrorPolicy(boolean ignoreErrors, long maxCount) implements Serializable {

  /** Reads the policy from the options. */
  public static ErrorPolicy from(Configuration conf) {
    long max = conf.get(INGESTION_ERROR_TOLERANCE_MAX_COUNT);
    if (max < -1) {
      throw new IllegalArgumentException(
          "Option 'ingestion.error-tolerance.max-count' must be -1 (no limit) or >= 0, but is "
              + max);
    }
    return new ErrorPolicy(conf.get(INGESTION_IGNORE_ERRORS), max);
  }

  /** Fail on the first bad record. */
  public static ErrorPolicy failFast() {
    return new ErrorPolicy(false, -1);
  }
}
