package dev.kafkaconnector.io.common;

import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

/**
 * The cause the source and the sink attach to a failure that cannot heal by retrying: a record the
 * broker refuses, a configuration the cluster rejects, state that no longer matches what Kafka
 * holds, a second writer with the same identity. Like {@link AuthenticationRefusedException} it
 * marks the failure for runners: Flink reads its {@link ThrowableAnnotation} ({@link
 * ThrowableType#NonRecoverableError}) and fails the job once instead of restarting it on the same
 * input until the restart strategy gives up (or for ever, its default with checkpoints). On other
 * runners the annotation's class is absent and ignored.
 *
 * <p>Its message is fixed and holds no secret; the description (option key, topic, partition, what
 * to do) is the message of the exception it is the cause of.
 */
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public final class NotRetriedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private NotRetriedException() {
    super("This failure cannot heal by retrying: it is not retried and the job is not restarted");
  }

  /**
   * The cause to attach to an exception that describes a failure retrying cannot heal.
   *
   * @return a new cause with a fixed message
   */
  public static NotRetriedException cause() {
    return new NotRetriedException();
  }

  /**
   * Whether {@code failure} is marked as not retried (by this class or an authentication refusal)
   * anywhere in its cause chain.
   *
   * @param failure any throwable, or null
   * @return true when its cause chain holds a marker
   */
  public static boolean isMarked(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof NotRetriedException || t instanceof AuthenticationRefusedException) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }
}
