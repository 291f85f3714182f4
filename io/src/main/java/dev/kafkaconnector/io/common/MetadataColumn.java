package dev.kafkaconnector.io.common;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A column filled from metadata rather than from the key or value columns: a record metadata key
 * ({@code offset}, {@code headers}, …; see {@link MetadataKey}) or a metadata key of the value
 * format written {@code value.<key>} (for example {@code value.table}).
 *
 * @param name the column name
 * @param key the metadata key
 */
public record MetadataColumn(String name, String key) implements Serializable {

  /** The prefix of value-format metadata keys. */
  public static final String VALUE_PREFIX = "value.";

  public MetadataColumn(String name, MetadataKey key) {
    this(name, key.key());
  }

  /** Whether the value format provides this column. */
  public boolean isFormatMetadata() {
    return key.startsWith(VALUE_PREFIX);
  }

  /** The key the value format knows, without {@code value.}. */
  public String formatKey() {
    return key.substring(VALUE_PREFIX.length());
  }

  /** The columns of a {@code metadata.list} value ({@code "a,b"}), each named after its key. */
  public static List<MetadataColumn> parseList(@Nullable String list) {
    List<MetadataColumn> columns = new ArrayList<>();
    if (list != null) {
      for (String raw : list.split(",")) {
        String key = raw.trim();
        if (!key.isEmpty()) {
          columns.add(new MetadataColumn(key, key));
        }
      }
    }
    return columns;
  }
}
