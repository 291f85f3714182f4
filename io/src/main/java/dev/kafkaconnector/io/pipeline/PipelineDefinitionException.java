package dev.kafkaconnector.io.pipeline;

/**
 * A YAML job definition that is not valid. The message is one line that starts with the YAML path
 * of what is wrong ({@code source.type}, {@code route[1].sink-table}, {@code pipeline.parallelism})
 * and never contains the value of a secret.
 */
public final class PipelineDefinitionException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String path;

  public PipelineDefinitionException(String path, String reason) {
    super(path.isEmpty() ? reason : path + ": " + reason);
    this.path = path;
  }

  public PipelineDefinitionException(String path, String reason, Throwable cause) {
    super(path.isEmpty() ? reason : path + ": " + reason, cause);
    this.path = path;
  }

  /** The YAML path of the offending key or block; empty for the whole file. */
  public String path() {
    return path;
  }
}
