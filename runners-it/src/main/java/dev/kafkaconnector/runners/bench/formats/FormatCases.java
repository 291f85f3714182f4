package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.Formats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The formats the benchmark knows, and the JMH targets they make: {@code <format>:ours} and one
 * {@code <format>:<flink decoder id>} per Flink decoder. A case whose format is not on the class
 * path (a format still being written) is left out.
 */
final class FormatCases {
  private FormatCases() {}

  /** Separates the format from the decoder in a target name: {@code json:flink}. */
  static final String SEPARATOR = ":";

  static final String OURS = "ours";

  /** Every case, in table order. Add a format here. */
  private static List<FormatCase> all() {
    FormatCase json = new JsonCase();
    FormatCase csv = new CsvCase();
    FormatCase avro = new AvroCase();
    return List.of(
        json,
        csv,
        new DebeziumJsonCase(),
        avro,
        new AvroConfluentCase(),
        new ProjectedCase(json),
        new ProjectedCase(csv),
        new ProjectedCase(avro));
  }

  /** The cases whose format is available, by case name. */
  static Map<String, FormatCase> available() {
    Set<String> formats = Formats.available().keySet();
    Map<String, FormatCase> out = new LinkedHashMap<>();
    for (FormatCase formatCase : all()) {
      if (formats.contains(formatCase.format())) {
        out.put(formatCase.name(), formatCase);
      }
    }
    return out;
  }

  /** Formats the benchmark knows but cannot measure here. */
  static List<String> unavailable() {
    Set<String> formats = Formats.available().keySet();
    List<String> out = new ArrayList<>();
    for (FormatCase formatCase : all()) {
      if (!formats.contains(formatCase.format())) {
        out.add(formatCase.name());
      }
    }
    return out;
  }

  static FormatCase get(String name) {
    FormatCase formatCase = available().get(name);
    if (formatCase == null) {
      throw new IllegalArgumentException(
          "No benchmark case '" + name + "'; available: " + available().keySet());
    }
    return formatCase;
  }

  /** The cases of a format name given on the command line: the format's and its variants. */
  static List<FormatCase> ofFormat(String format) {
    List<FormatCase> out = new ArrayList<>();
    for (FormatCase formatCase : available().values()) {
      if (formatCase.format().equals(format) || formatCase.name().equals(format)) {
        out.add(formatCase);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(
          "No benchmark case for '" + format + "'; available: " + available().keySet());
    }
    return out;
  }

  /** The JMH targets of {@code formatCase}: ours first, then Flink's decoders. */
  static List<String> targets(FormatCase formatCase) {
    List<String> out = new ArrayList<>();
    out.add(formatCase.name() + SEPARATOR + OURS);
    for (String id : formatCase.flinkIds()) {
      out.add(formatCase.name() + SEPARATOR + id);
    }
    return out;
  }
}
