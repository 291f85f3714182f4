package dev.kafkaconnector.io.common;

import java.util.Collection;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** "Did you mean …?" for option keys that are not known: the nearest key by edit distance. */
public final class OptionSuggestions {
  private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

  private OptionSuggestions() {}

  /**
   * {@code " (did you mean 'x'?)"} for the known key nearest to {@code key}, or an empty string
   * when none is close (more than a third of the key's length, and at least 2, away).
   */
  public static String didYouMean(String key, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : known) {
      int d = DISTANCE.apply(key, candidate);
      if (d < bestDistance) {
        bestDistance = d;
        best = candidate;
      }
    }
    if (best == null || bestDistance > Math.max(2, key.length() / 3)) {
      return "";
    }
    return " (did you mean '" + best + "'?)";
  }
}
