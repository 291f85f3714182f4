package dev.kafkaconnector.formats.cdc.maxwell;

import dev.kafkaconnector.formats.cdc.ChangelogOptions;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code maxwell-json}: Flink 1.19's {@code MaxwellJsonFormatOptions} and the append
 * mode.
 */
public final class MaxwellJsonOptions {
  private MaxwellJsonOptions() {}

  static final String FORMAT = MaxwellJsonFormatFactory.IDENTIFIER;

  public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS =
      ChangelogOptions.ignoreParseErrors(FORMAT);

  public static final ConfigOption<Boolean> APPEND_MODE = ChangelogOptions.appendMode(FORMAT);

  /** All options, in documentation order. */
  public static List<ConfigOption<?>> all() {
    List<ConfigOption<?>> all = new ArrayList<>(ChangelogOptions.json(FORMAT));
    all.add(APPEND_MODE);
    return List.copyOf(all);
  }
}
