package dev.kafkaconnector.formats.cdc.canal;

import dev.kafkaconnector.formats.cdc.ChangelogOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The options of {@code canal-json}: Flink 1.19's {@code CanalJsonFormatOptions}, the append mode,
 * and the sink's {@code canal-json.serialize.update.keep-changed-fields-only} of the data-ingestion
 * specification.
 */
public final class CanalJsonOptions {
  private CanalJsonOptions() {}

  static final String FORMAT = CanalJsonFormatFactory.IDENTIFIER;

  public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS =
      ChangelogOptions.ignoreParseErrors(FORMAT);

  public static final ConfigOption<String> DATABASE_INCLUDE =
      ConfigOption.string(
          FORMAT + ".database.include",
          "Only read changes of databases whose name (the message's \"database\") matches this"
              + " Java regular expression, in full; other messages are skipped.");

  public static final ConfigOption<String> TABLE_INCLUDE =
      ConfigOption.string(
          FORMAT + ".table.include",
          "Only read changes of tables whose name (the message's \"table\") matches this Java"
              + " regular expression, in full; other messages are skipped.");

  public static final ConfigOption<Boolean> APPEND_MODE = ChangelogOptions.appendMode(FORMAT);

  public static final ConfigOption<Boolean> KEEP_CHANGED_FIELDS_ONLY =
      ConfigOption.bool(
          FORMAT + ".serialize.update.keep-changed-fields-only",
          false,
          "Sink: in the \"old\" part of an UPDATE message, write only the columns whose value"
              + " changed (as Canal itself does) instead of the whole before image. Applies to"
              + " updates written with both images (UpdateEncoder.encodeUpdate).");

  /** All options, in documentation order. */
  public static List<ConfigOption<?>> all() {
    List<ConfigOption<?>> all = new ArrayList<>(ChangelogOptions.json(FORMAT));
    all.add(DATABASE_INCLUDE);
    all.add(TABLE_INCLUDE);
    all.add(APPEND_MODE);
    all.add(KEEP_CHANGED_FIELDS_ONLY);
    return List.copyOf(all);
  }

  /**
   * The compiled pattern of a regular-expression option.
   *
   * @throws IllegalArgumentException naming the key when the value is not a Java regex
   */
  static Pattern pattern(ConfigOption<String> option, String value) {
    try {
      return Pattern.compile(value);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException(
          "Invalid value '"
              + value
              + "' for option '"
              + option.key()
              + "' (a Java regular expression): "
              + e.getDescription(),
          e);
    }
  }
}
