package dev.kafkaconnector.formats.avro.confluent;

/**
 * The schema registry could not answer a request: unreachable, refused or an error. Not a bad
 * record: the job fails (and is retried by the runner) instead of skipping messages, except for
 * {@link NotFound}, which a decoder turns into a bad record (a message naming an id the registry
 * does not have).
 */
public class RegistryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public RegistryException(String message) {
    super(message);
  }

  public RegistryException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The registry answered 404: no such schema id, subject or version. */
  public static final class NotFound extends RegistryException {
    private static final long serialVersionUID = 1L;

    public NotFound(String message) {
      super(message);
    }
  }
}
