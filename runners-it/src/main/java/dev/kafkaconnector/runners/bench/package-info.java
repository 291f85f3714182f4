/**
 * The read-throughput benchmark: {@link dev.kafkaconnector.runners.bench.ReadBenchmark} compares a
 * plain {@code KafkaConsumer} loop, Beam's {@code KafkaIO} (legacy and SDF reader) and {@code
 * KafkaConnectorIO.read()} on the DirectRunner and on embedded Flink, over one topic.
 *
 * <p>Benchmarks: mains run from the command line, not API; nothing else uses them.
 */
package dev.kafkaconnector.runners.bench;
