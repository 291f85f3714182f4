package dev.kafkaconnector.io.pipeline;

import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills {@code ${name}} placeholders of YAML values: from the {@code -Dname=value} arguments first,
 * then from the environment variable {@code name} or its upper-case form with every other character
 * an underscore ({@code ${kafka.group.id}} reads {@code KAFKA_GROUP_ID}). A placeholder without a
 * value fails naming it and the YAML path. Values of placeholders under {@code secret_values.} are
 * secrets: they are remembered so that messages can mask them.
 */
final class Placeholders {
  static final String SECRET_PREFIX = "secret_values.";
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^${}]+)}");

  private final Map<String, String> variables;
  private final Map<String, String> environment;
  private final Set<String> secretValues = new HashSet<>();

  Placeholders(Map<String, String> variables, Map<String, String> environment) {
    this.variables = Map.copyOf(variables);
    this.environment = Map.copyOf(environment);
  }

  /** The environment variable that a placeholder {@code name} falls back to. */
  static String environmentName(String name) {
    return name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  /** {@code text} with its placeholders filled; {@code path} is the YAML path for errors. */
  String resolve(String path, String text) {
    if (text.indexOf("${") < 0) {
      return text;
    }
    Matcher m = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1).trim();
      String value = lookup(name);
      if (value == null) {
        throw new PipelineDefinitionException(
            path,
            "the placeholder ${"
                + name
                + "} has no value: pass -D"
                + name
                + "=<value> or set the environment variable "
                + environmentName(name));
      }
      if (name.startsWith(SECRET_PREFIX)) {
        secretValues.add(value);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  private String lookup(String name) {
    String value = variables.get(name);
    if (value == null) {
      value = environment.get(name);
    }
    if (value == null) {
      value = environment.get(environmentName(name));
    }
    return value;
  }

  /** The values filled in for {@code secret_values.*} placeholders so far. */
  Set<String> secretValues() {
    return Set.copyOf(secretValues);
  }
}
