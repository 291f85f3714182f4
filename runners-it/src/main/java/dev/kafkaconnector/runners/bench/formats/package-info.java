/**
 * The format benchmark: decodes the same bytes into rows with this project's decoders ({@code
 * dev.kafkaconnector.formats}) and with Apache Flink 1.19's own formats (flink-json, flink-csv), in
 * JMH, and reports ours/Flink. Run it with {@link
 * dev.kafkaconnector.runners.bench.formats.FormatBenchmarkMain}.
 *
 * <p>One format is one {@link dev.kafkaconnector.runners.bench.formats.FormatCase} subclass (its
 * messages, our decoder, Flink's decoder(s)) listed in {@link
 * dev.kafkaconnector.runners.bench.formats.FormatCases}; everything else (the equivalence check,
 * the JMH state, the table) is shared.
 *
 * <p>Benchmarks: mains run from the command line, not API; nothing else uses them.
 */
package dev.kafkaconnector.runners.bench.formats;
