package dev.kafkaconnector.io.common;

/** What a sink promises about each record ({@code sink.delivery-guarantee}). */
public enum DeliveryGuarantee {
  /** Records are sent without waiting for acknowledgement; they may be lost or duplicated. */
  NONE("none"),
  /**
   * Every record is acknowledged by the broker before the bundle (and so the checkpoint) completes;
   * a replayed bundle may write a record twice.
   */
  AT_LEAST_ONCE("at-least-once"),
  /** Kafka transactions committed with the runner's checkpoints. */
  EXACTLY_ONCE("exactly-once");

  private final String value;

  DeliveryGuarantee(String value) {
    this.value = value;
  }

  @Override
  public String toString() {
    return value;
  }
}
