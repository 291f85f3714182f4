package dev.kafkaconnector.runners.kafka;

/**
 * Thrown when the embedded Kafka broker cannot be started, does not become ready in time, or a
 * topic operation on a cluster fails.
 */
public class EmbeddedKafkaException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates the exception.
   *
   * @param message what failed, with enough detail to act on it
   */
  public EmbeddedKafkaException(String message) {
    super(message);
  }

  /**
   * Creates the exception.
   *
   * @param message what failed, with enough detail to act on it
   * @param cause the underlying failure
   */
  public EmbeddedKafkaException(String message, Throwable cause) {
    super(message, cause);
  }
}
