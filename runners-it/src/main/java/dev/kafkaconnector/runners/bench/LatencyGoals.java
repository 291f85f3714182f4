package dev.kafkaconnector.runners.bench;

import java.util.Locale;
import java.util.Map;

/**
 * The goals of issue #28 for {@link LatencyBenchmark}: ours on Flink within 2x the plain loop's p99
 * and under 100 ms, exactly-once within the checkpoint interval + 300 ms, and a sustainable rate of
 * at least 0.7x the plain loop's and 2x KafkaIO's. Prints each met or missed and gives them as the
 * latency rows of the headline table.
 */
final class LatencyGoals {
  private LatencyGoals() {}

  /**
   * Prints the goals of the issue that filed this benchmark, each met or missed, and returns them
   * as the latency rows of the headline table.
   */
  static Headline evaluate(
      LatencyConfig config, Map<String, LatencyStats> results, Map<String, Integer> maxRates) {
    System.out.println();
    Headline headline = new Headline("latency");
    String at = String.format(Locale.ROOT, " at %,d rec/s", config.rate);
    LatencyStats ours = results.get("ours-flink");
    LatencyStats plain = results.get("plain-loop");
    if (ours != null && plain != null) {
      double bound = 2 * plain.p99Millis();
      goal(
          String.format(
              Locale.ROOT,
              "ours-flink p99 %.1f ms <= 2x plain-loop's (%.1f ms)",
              ours.p99Millis(),
              bound),
          ours.p99Millis() <= bound);
      headline.add(
          "ours-flink / plain-loop, p99" + at,
          String.format(Locale.ROOT, "%.2fx", ours.p99Millis() / plain.p99Millis()),
          "<= 2x",
          ours.p99Millis() <= bound);
    }
    if (ours != null) {
      goal(
          String.format(Locale.ROOT, "ours-flink p99 %.1f ms <= 100 ms", ours.p99Millis()),
          ours.p99Millis() <= 100);
      headline.millis("ours-flink p99" + at, ours.p99Millis(), 100, "<= 100 ms");
    }
    LatencyStats kafkaIo = results.get("kafkaio-flink");
    if (ours != null && kafkaIo != null) {
      headline.add(
          "ours-flink / kafkaio-flink, p99" + at,
          String.format(Locale.ROOT, "%.2fx", ours.p99Millis() / kafkaIo.p99Millis()),
          "(none)",
          null);
    }
    LatencyStats eos = results.get("ours-flink-eos");
    if (eos != null) {
      long bound = config.checkpointMillis + 300;
      goal(
          String.format(
              Locale.ROOT,
              "ours-flink-eos p99 %.1f ms <= checkpoint interval + 300 ms"
                  + " (%d ms); it exceeds the interval by %.1f ms",
              eos.p99Millis(),
              bound,
              eos.p99Millis() - config.checkpointMillis),
          eos.p99Millis() <= bound);
      headline.millis(
          "ours-flink-eos p99" + at,
          eos.p99Millis(),
          bound,
          String.format(Locale.ROOT, "<= checkpoint + 300 ms (%d ms)", bound));
    }
    Integer oursRate = maxRates.get("ours-flink");
    for (Map.Entry<String, Double> bar :
        Map.of("plain-loop", 0.7, "kafkaio-flink", 2.0).entrySet()) {
      Integer other = maxRates.get(bar.getKey());
      if (oursRate != null && other != null) {
        goal(
            String.format(
                Locale.ROOT,
                "ours-flink sustainable rate %,d >= %.1fx %s's (%,d)",
                oursRate,
                bar.getValue(),
                bar.getKey(),
                other),
            oursRate >= bar.getValue() * other);
        headline.ratio(
            String.format(
                Locale.ROOT,
                "ours-flink / %s, sustainable rate (%,d / %,d rec/s)",
                bar.getKey(),
                oursRate,
                other),
            (double) oursRate / other,
            bar.getValue());
      }
    }
    for (LatencyStats stats : results.values()) {
      if (stats.lost() > 0) {
        headline.add("records lost", Long.toString(stats.lost()), "0", false);
      }
    }
    return headline;
  }

  private static void goal(String what, boolean met) {
    System.out.println((met ? "goal met:    " : "goal missed: ") + what);
  }
}
