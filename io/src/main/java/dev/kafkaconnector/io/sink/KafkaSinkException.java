package dev.kafkaconnector.io.sink;

/** A sink failure at run time: a record Kafka did not take, or a row the policy says to fail on. */
public final class KafkaSinkException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public KafkaSinkException(String message, Throwable cause) {
    super(message, cause);
  }

  public KafkaSinkException(String message) {
    super(message);
  }
}
