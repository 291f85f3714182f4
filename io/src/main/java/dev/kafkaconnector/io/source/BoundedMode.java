package dev.kafkaconnector.io.source;

/** Where a finite read stops ({@code scan.bounded.mode}); {@link #UNBOUNDED} never stops. */
public enum BoundedMode {
  UNBOUNDED("unbounded"),
  LATEST_OFFSET("latest-offset"),
  GROUP_OFFSETS("group-offsets"),
  TIMESTAMP("timestamp"),
  SPECIFIC_OFFSETS("specific-offsets");

  private final String value;

  BoundedMode(String value) {
    this.value = value;
  }

  @Override
  public String toString() {
    return value;
  }
}
