package dev.kafkaconnector.formats;

import dev.kafkaconnector.formats.options.Configuration;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a format is given besides the schema.
 *
 * @param options the format's options, keys as the format declares them ({@code json.*}), with any
 *     {@code key.}/{@code value.} scope already resolved
 * @param side {@code "key"} or {@code "value"}, for messages
 * @param metadataKeys format metadata the decoder must append to each row, after the schema's
 *     columns, in this order (keys of {@link FormatFactory#readableMetadata()})
 * @param topic the one topic the messages are read from or written to, or null when there are
 *     several or they are chosen per row (formats that name things after the topic, such as a
 *     schema registry's {@code <topic>-value} subject, need it)
 */
public record FormatContext(
    Configuration options, String side, List<String> metadataKeys, @Nullable String topic)
    implements Serializable {

  public FormatContext {
    metadataKeys = List.copyOf(metadataKeys);
  }

  /** A context without topic. */
  public FormatContext(Configuration options, String side, List<String> metadataKeys) {
    this(options, side, metadataKeys, null);
  }

  /** A context without metadata nor topic. */
  public FormatContext(Configuration options, String side) {
    this(options, side, List.of(), null);
  }

  /** This context for messages of {@code topic} (null: several topics). */
  public FormatContext withTopic(@Nullable String topic) {
    return new FormatContext(options, side, metadataKeys, topic);
  }

  /** A value-side context with these options and no metadata; handy in tests. */
  public static FormatContext of(Map<String, String> options) {
    return new FormatContext(Configuration.of(options), "value");
  }
}
