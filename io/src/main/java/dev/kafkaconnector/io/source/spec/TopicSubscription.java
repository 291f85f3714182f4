package dev.kafkaconnector.io.source.spec;

import java.io.Serializable;
import java.util.List;
import java.util.regex.Pattern;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a source subscribes to: a list of topics ({@code topic}) or every topic whose whole name
 * matches a Java regular expression ({@code topic-pattern}).
 */
public final class TopicSubscription implements Serializable {
  private static final long serialVersionUID = 1L;

  private final @Nullable List<String> topics;
  private final @Nullable Pattern pattern;

  private TopicSubscription(@Nullable List<String> topics, @Nullable Pattern pattern) {
    this.topics = topics;
    this.pattern = pattern;
  }

  public static TopicSubscription topics(List<String> topics) {
    return new TopicSubscription(List.copyOf(topics), null);
  }

  public static TopicSubscription pattern(Pattern pattern) {
    return new TopicSubscription(null, pattern);
  }

  /** The fixed topics, or null for a pattern subscription. */
  public @Nullable List<String> topics() {
    return topics;
  }

  /** The pattern, or null for a fixed list. */
  public @Nullable Pattern pattern() {
    return pattern;
  }

  /** Whether {@code topic} is subscribed. */
  public boolean matches(String topic) {
    return topics != null ? topics.contains(topic) : pattern.matcher(topic).matches();
  }

  @Override
  public String toString() {
    return topics != null ? "topic=" + String.join(";", topics) : "topic-pattern=" + pattern;
  }
}
