package dev.kafkaconnector.runners.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The rows a benchmark contributes to the benchmark page's headline table ({@link
 * HeadlineBenchmark}): each a measure, its value, the goal and whether the goal is met. A benchmark
 * run with {@code --headline=FILE} appends its rows to {@code FILE}, one tab-separated line each,
 * so that the headline command can run every benchmark in a JVM of its own and still print one
 * table.
 */
final class Headline {
  private final String benchmark;
  private final List<Row> rows = new ArrayList<>();

  /** One measure: {@code met} is null when the measure has no goal. */
  record Row(String benchmark, String measure, String value, String goal, @Nullable Boolean met) {
    String verdict() {
      return met == null ? "" : met ? "met" : "missed";
    }

    private String line() {
      return String.join(
          "\t", benchmark, measure, value, goal, met == null ? "" : Boolean.toString(met));
    }

    private static Row parse(String line) {
      String[] f = line.split("\t", -1);
      if (f.length != 5) {
        throw new IllegalArgumentException("Not a headline row: '" + line + "'");
      }
      return new Row(f[0], f[1], f[2], f[3], f[4].isEmpty() ? null : Boolean.valueOf(f[4]));
    }
  }

  Headline(String benchmark) {
    this.benchmark = benchmark;
  }

  /** A throughput ratio of ours to another case ({@code > 1}: ours is faster) with its goal. */
  Headline ratio(String measure, double ratio, double atLeast) {
    return add(
        measure,
        format("%.2fx", ratio),
        format(">= %.2fx", atLeast),
        Double.isNaN(ratio) ? null : ratio >= atLeast);
  }

  /** A latency in milliseconds with an upper bound ({@code NaN}: no goal). */
  Headline millis(String measure, double millis, double atMost, String goalText) {
    return add(
        measure,
        format("%.1f ms", millis),
        goalText,
        Double.isNaN(atMost) || Double.isNaN(millis) ? null : millis <= atMost);
  }

  /** Any other measure, already formatted. */
  Headline add(String measure, String value, String goal, @Nullable Boolean met) {
    rows.add(new Row(benchmark, measure, value, goal, met));
    return this;
  }

  List<Row> rows() {
    return List.copyOf(rows);
  }

  /** Appends the rows to {@code file}, when one was given ({@code --headline=FILE}). */
  void appendTo(@Nullable String file) throws IOException {
    if (file == null || file.isEmpty()) {
      return;
    }
    List<String> lines = new ArrayList<>();
    for (Row row : rows) {
      lines.add(row.line());
    }
    Files.write(
        Path.of(file),
        lines,
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /** The rows in {@code file}, in the order they were appended; none when it does not exist. */
  static List<Row> read(Path file) throws IOException {
    List<Row> rows = new ArrayList<>();
    if (Files.exists(file)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.isBlank()) {
          rows.add(Row.parse(line));
        }
      }
    }
    return rows;
  }

  private static String format(String pattern, double value) {
    return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, pattern, value);
  }
}
