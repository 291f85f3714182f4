package dev.kafkaconnector.io.source.filter;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The record filter of {@code scan.header-filter}: {@code key:value} conditions joined by {@code |}
 * (or) and {@code &} (and), each optionally negated with {@code !}, evaluated strictly from left to
 * right with no precedence and no parentheses. {@code depart:toy|depart:book&!env:test} keeps a
 * record whose headers hold depart=toy or depart=book, and not env=test.
 *
 * <p>A condition holds when any header with that key has exactly that value as UTF-8. The values
 * are encoded once, so a record is filtered with byte comparisons and no allocation.
 */
public final class HeaderFilter implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The option key, for messages. */
  public static final String OPTION = "scan.header-filter";

  private final String expression;
  private final Condition[] conditions;

  /** operators[i] joins the result so far with conditions[i + 1]: true = and, false = or. */
  private final boolean[] andOperators;

  private HeaderFilter(String expression, Condition[] conditions, boolean[] andOperators) {
    this.expression = expression;
    this.conditions = conditions;
    this.andOperators = andOperators;
  }

  /**
   * Parses a filter expression.
   *
   * @throws IllegalArgumentException naming the option, the position and what was expected
   */
  public static HeaderFilter parse(String expression) {
    if (expression == null) {
      throw new IllegalArgumentException("Option '" + OPTION + "' is null");
    }
    if (expression.isBlank()) {
      throw Condition.error(expression, 0, "the expression is empty");
    }
    List<Condition> conditions = new ArrayList<>();
    List<Boolean> operators = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= expression.length(); i++) {
      char c = i < expression.length() ? expression.charAt(i) : 0;
      if (i == expression.length() || c == '|' || c == '&') {
        conditions.add(Condition.parse(expression, start, i));
        if (i < expression.length()) {
          operators.add(c == '&');
        }
        start = i + 1;
      }
    }
    boolean[] ops = new boolean[operators.size()];
    for (int i = 0; i < ops.length; i++) {
      ops[i] = operators.get(i);
    }
    return new HeaderFilter(expression, conditions.toArray(new Condition[0]), ops);
  }

  /** Whether a record with these headers is kept. */
  public boolean test(Headers headers) {
    boolean result = conditions[0].test(headers);
    for (int i = 0; i < andOperators.length; i++) {
      boolean next = conditions[i + 1].test(headers);
      result = andOperators[i] ? result && next : result || next;
    }
    return result;
  }

  @Override
  public String toString() {
    return expression;
  }

  private static final class Condition implements Serializable {
    private static final long serialVersionUID = 1L;

    private final boolean negated;
    private final String key;
    private final byte[] value;

    private Condition(boolean negated, String key, byte[] value) {
      this.negated = negated;
      this.key = key;
      this.value = value;
    }

    static Condition parse(String expression, int from, int to) {
      String text = expression.substring(from, to).trim();
      if (text.isEmpty()) {
        throw error(expression, from, "a condition 'key:value' is missing");
      }
      boolean negated = text.startsWith("!");
      if (negated) {
        text = text.substring(1).trim();
      }
      int colon = text.indexOf(':');
      if (colon < 0) {
        throw error(expression, from, "condition '" + text + "' has no ':' between key and value");
      }
      String key = text.substring(0, colon).trim();
      if (key.isEmpty()) {
        throw error(expression, from, "condition '" + text + "' has an empty header key");
      }
      if (key.contains("!")) {
        throw error(expression, from, "'!' may only stand before a condition");
      }
      String value = text.substring(colon + 1).trim();
      return new Condition(negated, key, value.getBytes(StandardCharsets.UTF_8));
    }

    boolean test(Headers headers) {
      boolean found = false;
      for (Header header : headers.headers(key)) {
        if (Arrays.equals(header.value(), value)) {
          found = true;
          break;
        }
      }
      return negated != found;
    }

    static IllegalArgumentException error(String expression, int position, String why) {
      return new IllegalArgumentException(
          "Invalid value '"
              + expression
              + "' for option '"
              + OPTION
              + "' at position "
              + position
              + ": "
              + why
              + " (expected conditions 'key:value', optionally negated with '!', joined by '|' or '&',"
              + " for example 'depart:toy|depart:book&!env:test')");
    }
  }
}
