package dev.kafkaconnector.runners;

/**
 * A Kafka cluster or Flink master that a job needs does not answer; the message is one line that
 * names the address and the reason, meant to be shown to the user as it is.
 */
public final class UnreachableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** An exception with a message and no cause. */
  public UnreachableException(String message) {
    super(message);
  }

  /** An exception with a message and the cause found by the check. */
  public UnreachableException(String message, Throwable cause) {
    super(message, cause);
  }
}
