package dev.kafkaconnector.io.source;

/** Where a fresh job starts reading ({@code scan.startup.mode}). */
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
