package dev.kafkaconnector.io.source.spec;

/** A source failure with a message that names the option, topic or cluster involved. */
public class KafkaSourceException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public KafkaSourceException(String message) {
    super(message);
  }

  public KafkaSourceException(String message, Throwable cause) {
    super(message, cause);
  }
}
