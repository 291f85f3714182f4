package dev.kafkaconnector.examples;

/** A demo cannot go on; the message is one line for the user, printed without a stack trace. */
final class DemoException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  DemoException(String message) {
    super(message);
  }

  DemoException(String message, Throwable cause) {
    super(message, cause);
  }
}
