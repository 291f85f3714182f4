package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Checks that every option key of a source or sink is known: one of its declared options, a {@code
 * properties.*} client property, or an option of a format in use. An unknown key fails naming it,
 * with the nearest known key suggested.
 */
public final class OptionKeys {
  private OptionKeys() {}

  /**
   * @param role "source" or "sink", for messages
   * @param declared the role's options
   * @param hint a more specific message for a key, or null (for example a key of the other role)
   * @throws IllegalArgumentException naming the first unknown key
   */
  public static void check(
      Map<String, String> options,
      String role,
      List<ConfigOption<?>> declared,
      FormatSelection formats,
      Function<String, @Nullable String> hint) {
    Set<String> known = new TreeSet<>();
    declared.forEach(o -> known.add(o.key()));
    for (String key : options.keySet()) {
      if (known.contains(key) || formats.isFormatOption(key)) {
        continue;
      }
      String prefix = KafkaConnectorOptions.PROPERTIES_PREFIX;
      if (key.startsWith(prefix) && key.length() > prefix.length()) {
        continue;
      }
      String formatError = formats.formatOptionError(key);
      if (formatError != null) {
        throw new IllegalArgumentException(formatError);
      }
      String specific = hint.apply(key);
      if (specific != null) {
        throw new IllegalArgumentException(specific);
      }
      throw new IllegalArgumentException(
          "Unknown option '"
              + key
              + "' for a Kafka "
              + role
              + OptionSuggestions.didYouMean(key, known)
              + ". Supported options: "
              + known
              + ", plus 'properties.*' for the Kafka client and"
              + " the options of the formats.");
    }
  }
}
