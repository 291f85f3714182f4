package dev.kafkaconnector.formats;

import java.io.Serializable;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * A piece of metadata a format can read from a message besides the row's columns (for example
 * {@code table} of canal-json), readable as {@code value.<key>} in {@code metadata.list}.
 *
 * @param key the key, without the {@code value.} prefix
 * @param type the Beam type of its column
 * @param description what it holds, for the reference documentation
 */
public record FormatMetadata(String key, FieldType type, String description)
    implements Serializable {

  /**
   * The prefix of the encoder columns that carry written metadata: a value encoder given a column
   * {@code value.<key>} for a key of {@link FormatFactory#writableMetadata()} writes its value into
   * the message instead of writing it as data.
   */
  public static final String WRITE_PREFIX = "value.";

  /** The change kind of a changelog row: {@code +I}, {@code -U}, {@code +U} or {@code -D}. */
  public static final String ROW_KIND = "row-kind";

  /** The {@link #ROW_KIND} metadata, offered by every changelog format. */
  public static FormatMetadata rowKind() {
    return new FormatMetadata(
        ROW_KIND,
        FieldType.STRING,
        "The change kind of the row: +I (insert), -U (update, before image), +U (update, after"
            + " image) or -D (delete).");
  }
}
