package dev.kafkaconnector.io.common;

/**
 * Where a fresh job starts reading ({@code scan.startup.mode}), and the offset rules that give a
 * per-partition offset: the stop offsets of {@code scan.bounded.mode} use the same rules (see
 * {@link BoundedMode#rule()}).
 */
public enum StartupMode {
  EARLIEST_OFFSET("earliest-offset"),
  LATEST_OFFSET("latest-offset"),
  GROUP_OFFSETS("group-offsets"),
  TIMESTAMP("timestamp"),
  SPECIFIC_OFFSETS("specific-offsets");

  private final String value;

  StartupMode(String value) {
    this.value = value;
  }

  @Override
  public String toString() {
    return value;
  }
}
