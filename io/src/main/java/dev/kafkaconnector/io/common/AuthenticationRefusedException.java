package dev.kafkaconnector.io.common;

import org.apache.flink.runtime.throwable.ThrowableAnnotation;
import org.apache.flink.runtime.throwable.ThrowableType;

/**
 * The cause the source and the sink attach to a failure that {@link AuthenticationFailures}
 * described: it marks the failure as not worth retrying. Runners see it in the cause chain; Flink
 * in particular reads its {@link ThrowableAnnotation} ({@link ThrowableType#NonRecoverableError})
 * and fails the job instead of restarting it forever (its default with checkpoints). On other
 * runners the annotation's class is absent and ignored.
 *
 * <p>Its message is fixed and holds no secret; the description (with the options to fix) is the
 * message of the exception it is the cause of.
 */
@ThrowableAnnotation(ThrowableType.NonRecoverableError)
public final class AuthenticationRefusedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  AuthenticationRefusedException() {
    super(
        "The cluster refused the client's credentials or certificate; authentication failures are"
            + " not retried and the job is not restarted");
  }
}
