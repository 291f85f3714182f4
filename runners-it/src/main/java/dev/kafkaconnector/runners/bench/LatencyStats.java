package dev.kafkaconnector.runners.bench;

/**
 * What one latency run measured over its records after the warm-up.
 *
 * @param records records written in the measured part
 * @param received distinct ones of them read from the output
 * @param lost records never read from the output
 * @param duplicates records read more than once (at-least-once after a retry)
 * @param achievedPerSecond distinct records out per second, from the first measured send to the
 *     last arrival
 * @param p50Millis median end-to-end latency
 * @param p99Millis 99th percentile
 * @param p999Millis 99.9th percentile
 * @param maxMillis the largest latency
 * @param appendP50Millis median time from the send to the append to the output topic
 * @param appendP99Millis 99th percentile of it
 */
record LatencyStats(
    long records,
    long received,
    long lost,
    long duplicates,
    double achievedPerSecond,
    double p50Millis,
    double p99Millis,
    double p999Millis,
    double maxMillis,
    double appendP50Millis,
    double appendP99Millis) {}
