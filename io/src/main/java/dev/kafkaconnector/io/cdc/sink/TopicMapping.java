package dev.kafkaconnector.io.cdc.sink;

import dev.kafkaconnector.schema.change.TableId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Which topic a table's changes go to: {@code topic} when set (every table there), else the first
 * rule of {@code sink.tableId-to-topic.mapping} whose table pattern matches, else the topic named
 * by the table id ({@code mydb.mytable1}). The message itself keeps the table id either way.
 *
 * <p>Mapping text: rules separated by {@code ;}, each {@code <tables>:<topic>}, {@code <tables>}
 * one or more table patterns separated by {@code ,}. A pattern has the parts of a table id
 * separated by unescaped dots ({@code mydb.mytable1}, {@code ns.sch.tbl}), each part a Java regular
 * expression matched in full; {@code \.} is a regex dot inside a part ({@code mydb.order_\.*}) and
 * {@code \,} a comma, as in Flink CDC's table selectors. A pattern matches ids with as many parts.
 * Rules are tried in order: the first match wins.
 */
public final class TopicMapping implements Serializable {
  private static final long serialVersionUID = 1L;
  static final String OPTION = ChangeSinkOptions.TABLE_ID_TO_TOPIC_MAPPING.key();
  private static final Pattern LEGAL_TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");

  /** One rule: any of the patterns (each a list of part patterns) maps to the topic. */
  private record Rule(List<List<Pattern>> tables, String topic) implements Serializable {}

  private final @Nullable String fixedTopic;
  private final List<Rule> rules;

  private TopicMapping(@Nullable String fixedTopic, List<Rule> rules) {
    this.fixedTopic = fixedTopic;
    this.rules = rules;
  }

  /**
   * The mapping of the options {@code topic} and {@code sink.tableId-to-topic.mapping}.
   *
   * @param fixedTopic {@code topic}, or null
   * @param mapping {@code sink.tableId-to-topic.mapping}, or null
   * @throws IllegalArgumentException naming the option when the text is malformed
   */
  public static TopicMapping of(@Nullable String fixedTopic, @Nullable String mapping) {
    if (fixedTopic != null) {
      checkTopic(fixedTopic.trim(), "topic", fixedTopic);
    }
    List<Rule> rules = new ArrayList<>();
    if (mapping != null) {
      if (mapping.isBlank()) {
        throw error(mapping, "it is empty");
      }
      for (String rule : mapping.split(";", -1)) {
        if (rule.isBlank()) {
          continue; // a trailing ';'
        }
        int colon = rule.lastIndexOf(':');
        if (colon < 0) {
          throw error(mapping, "rule '" + rule.trim() + "' has no ':' before its topic");
        }
        String topic = rule.substring(colon + 1).trim();
        checkTopic(topic, OPTION, mapping);
        List<List<Pattern>> tables = new ArrayList<>();
        for (String pattern : split(rule.substring(0, colon), ',')) {
          tables.add(parts(pattern.trim(), mapping));
        }
        if (tables.isEmpty()) {
          throw error(mapping, "rule '" + rule.trim() + "' names no table");
        }
        rules.add(new Rule(List.copyOf(tables), topic));
      }
    }
    return new TopicMapping(fixedTopic == null ? null : fixedTopic.trim(), List.copyOf(rules));
  }

  /** Whether there are mapping rules (that a fixed topic makes irrelevant). */
  boolean hasRules() {
    return !rules.isEmpty();
  }

  /** The fixed topic, or null. */
  @Nullable String fixedTopic() {
    return fixedTopic;
  }

  /** The topic of {@code table}'s changes. */
  public String topicFor(TableId table) {
    if (fixedTopic != null) {
      return fixedTopic;
    }
    List<String> parts = table.parts();
    for (Rule rule : rules) {
      for (List<Pattern> pattern : rule.tables()) {
        if (matches(pattern, parts)) {
          return rule.topic();
        }
      }
    }
    return table.identifier();
  }

  private static boolean matches(List<Pattern> pattern, List<String> parts) {
    if (pattern.size() != parts.size()) {
      return false;
    }
    for (int i = 0; i < parts.size(); i++) {
      if (!pattern.get(i).matcher(parts.get(i)).matches()) {
        return false;
      }
    }
    return true;
  }

  private static List<Pattern> parts(String pattern, String mapping) {
    if (pattern.isEmpty()) {
      throw error(mapping, "a table pattern is empty");
    }
    List<String> parts = split(pattern, '.');
    if (parts.size() > 3 || parts.stream().anyMatch(String::isEmpty)) {
      throw error(
          mapping,
          "table pattern '"
              + pattern
              + "' must have one to three non-empty parts separated by"
              + " '.' (use '\\.' for a regex dot inside a part)");
    }
    List<Pattern> out = new ArrayList<>(parts.size());
    for (String part : parts) {
      try {
        out.add(Pattern.compile(part));
      } catch (PatternSyntaxException e) {
        throw error(
            mapping,
            "'"
                + part
                + "' of table pattern '"
                + pattern
                + "' is not a Java regular expression: "
                + e.getDescription());
      }
    }
    return List.copyOf(out);
  }

  /** Splits at unescaped {@code separator}; {@code \<separator>} becomes the separator itself. */
  private static List<String> split(String text, char separator) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length()) {
        char next = text.charAt(i + 1);
        if (next == separator) {
          current.append(next);
        } else {
          current.append(c).append(next);
        }
        i++;
      } else if (c == separator) {
        out.add(current.toString().trim());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    out.add(current.toString().trim());
    if (separator == ',') {
      out.removeIf(String::isEmpty); // "a,,b" and a trailing comma name no extra table
    }
    return out;
  }

  private static void checkTopic(String topic, String option, String text) {
    if (!LEGAL_TOPIC.matcher(topic).matches() || topic.equals(".") || topic.equals("..")) {
      String reason =
          "'" + topic + "' is not a Kafka topic name (1 to 249 of a-z, A-Z, 0-9, '.', '_', '-')";
      throw option.equals(OPTION)
          ? error(text, reason)
          : new IllegalArgumentException("Invalid value for option '" + option + "': " + reason);
    }
  }

  private static IllegalArgumentException error(String mapping, String reason) {
    return new IllegalArgumentException(
        "Invalid value '"
            + mapping
            + "' for option '"
            + OPTION
            + "': "
            + reason
            + ". Expected"
            + " rules '<tables>:<topic>' separated by ';', tables separated by ',' (for example"
            + " 'mydb.mytable1,mydb.mytable2:mytable' or 'mydb.mytable1:topic1;mydb.mytable2:topic2')");
  }

  @Override
  public String toString() {
    return fixedTopic != null
        ? "topic '" + fixedTopic + "'"
        : "the topic of each table's id" + (rules.isEmpty() ? "" : " or its " + OPTION + " rule");
  }
}
