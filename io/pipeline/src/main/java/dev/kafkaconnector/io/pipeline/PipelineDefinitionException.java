package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.common.Secrets;
import java.util.Set;

/**
 * A YAML job definition that is not valid. The message is one line that starts with the YAML path
 * of what is wrong ({@code source.type}, {@code route[1].sink-table}, {@code pipeline.parallelism})
 * and never contains the value of a secret.
 */
public final class PipelineDefinitionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String path;
  private final String reason;

  public PipelineDefinitionException(String path, String reason) {
    super(path.isEmpty() ? reason : path + ": " + reason);
    this.path = path;
    this.reason = reason;
  }

  public PipelineDefinitionException(String path, String reason, Throwable cause) {
    super(path.isEmpty() ? reason : path + ": " + reason, cause);
    this.path = path;
    this.reason = reason;
  }

  /**
   * This exception, or, when its message or one of its causes' messages holds one of {@code
   * secrets} (the values of {@code ${secret_values.*}} placeholders: a value quoted in "expected an
   * integer, got '...'"), a copy with them masked and without the causes (their messages cannot be
   * changed), keeping this one's stack trace.
   */
  PipelineDefinitionException masked(Set<String> secrets) {
    boolean holds = false;
    for (Throwable t = this; t != null && !holds; t = t.getCause() == t ? null : t.getCause()) {
      String message = String.valueOf(t.getMessage());
      holds = secrets.stream().anyMatch(s -> !s.isEmpty() && message.contains(s));
    }
    if (!holds) {
      return this;
    }
    String masked = reason;
    for (String secret : secrets) {
      if (!secret.isEmpty()) {
        masked = masked.replace(secret, Secrets.MASK);
      }
    }
    PipelineDefinitionException copy = new PipelineDefinitionException(path, masked);
    copy.setStackTrace(getStackTrace());
    return copy;
  }

  /** The YAML path of the offending key or block; empty for the whole file. */
  public String path() {
    return path;
  }
}
