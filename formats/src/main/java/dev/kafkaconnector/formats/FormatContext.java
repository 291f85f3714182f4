package dev.kafkaconnector.formats;

import dev.kafkaconnector.formats.options.Configuration;
import java.io.Serializable;

/**
 * What a format is given besides the schema: its options (keys as the format declares them, with
 * any {@code key.}/{@code value.} scope already resolved) and whether it decodes the key or the
 * value of records, for messages.
 *
 * @param options the format's options
 * @param side {@code "key"} or {@code "value"}
 */
public record FormatContext(Configuration options, String side) implements Serializable {}
