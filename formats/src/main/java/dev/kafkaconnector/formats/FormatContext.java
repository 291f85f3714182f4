package dev.kafkaconnector.formats;

import dev.kafkaconnector.formats.options.Configuration;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * What a format is given besides the schema.
 *
 * @param options the format's options, keys as the format declares them ({@code json.*}), with any
 *     {@code key.}/{@code value.} scope already resolved
 * @param side {@code "key"} or {@code "value"}, for messages
 * @param metadataKeys format metadata the decoder must append to each row, after the schema's
 *     columns, in this order (keys of {@link FormatFactory#readableMetadata()})
 */
public record FormatContext(Configuration options, String side, List<String> metadataKeys)
    implements Serializable {

  public FormatContext {
    metadataKeys = List.copyOf(metadataKeys);
  }

  /** A context without metadata. */
  public FormatContext(Configuration options, String side) {
    this(options, side, List.of());
  }

  /** A value-side context with these options and no metadata; handy in tests. */
  public static FormatContext of(Map<String, String> options) {
    return new FormatContext(Configuration.of(options), "value");
  }
}
