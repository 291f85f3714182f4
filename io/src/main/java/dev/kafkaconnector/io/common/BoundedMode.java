package dev.kafkaconnector.io.common;

import org.checkerframework.checker.nullness.qual.Nullable;

/** Where a finite read stops ({@code scan.bounded.mode}); {@link #UNBOUNDED} never stops. */
public enum BoundedMode {
  UNBOUNDED("unbounded", null),
  LATEST_OFFSET("latest-offset", StartupMode.LATEST_OFFSET),
  GROUP_OFFSETS("group-offsets", StartupMode.GROUP_OFFSETS),
  TIMESTAMP("timestamp", StartupMode.TIMESTAMP),
  SPECIFIC_OFFSETS("specific-offsets", StartupMode.SPECIFIC_OFFSETS);

  private final String value;
  private final @Nullable StartupMode rule;

  BoundedMode(String value, @Nullable StartupMode rule) {
    this.value = value;
    this.rule = rule;
  }

  /**
   * The offset rule that gives the stop offsets: the same rules as the startup modes, so both
   * resolve through one code path; null for {@link #UNBOUNDED}.
   */
  public @Nullable StartupMode rule() {
    return rule;
  }

  @Override
  public String toString() {
    return value;
  }
}
