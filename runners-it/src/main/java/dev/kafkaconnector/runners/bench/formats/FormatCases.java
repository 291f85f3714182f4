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
    return List.of(new JsonCase(), new CsvCase(), new DebeziumJsonCase());
  }

  /** The cases whose format is available, by format name. */
  static Map<String, FormatCase> available() {
    Set<String> formats = Formats.available().keySet();
    Map<String, FormatCase> out = new LinkedHashMap<>();
    for (FormatCase formatCase : all()) {
      if (formats.contains(formatCase.format())) {
        out.put(formatCase.format(), formatCase);
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
        out.add(formatCase.format());
      }
    }
    return out;
  }

  static FormatCase get(String format) {
    FormatCase formatCase = available().get(format);
    if (formatCase == null) {
      throw new IllegalArgumentException(
          "No benchmark case for format '" + format + "'; available: " + available().keySet());
    }
    return formatCase;
  }

  /** The JMH targets of {@code formatCase}: ours first, then Flink's decoders. */
  static List<String> targets(FormatCase formatCase) {
    List<String> out = new ArrayList<>();
    out.add(formatCase.format() + SEPARATOR + OURS);
    for (String id : formatCase.flinkIds()) {
      out.add(formatCase.format() + SEPARATOR + id);
    }
    return out;
  }
}
