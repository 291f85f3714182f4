package dev.kafkaconnector.io.common;

/**
 * Where a source's output timestamps and watermark come from ({@code scan.watermark.strategy}), as
 * the choices of Flink's {@code WatermarkStrategy} and Beam's {@code TimestampPolicyFactory}.
 */
public enum WatermarkStrategy {
  /** Record timestamps, with bounded out-of-orderness. */
  EVENT_TIME("event-time"),
  /** Record timestamps set by the broker (LogAppendTime), which only grow per partition. */
  LOG_APPEND_TIME("log-append-time"),
  /** The wall-clock time at which a record is read. */
  PROCESSING_TIME("processing-time");

  private final String value;

  WatermarkStrategy(String value) {
    this.value = value;
  }

  @Override
  public String toString() {
    return value;
  }
}
