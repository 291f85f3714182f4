package dev.kafkaconnector.runners.flink;

/** A Flink session cluster could not be started, reached or controlled. */
public final class FlinkClusterException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what failed, with the cluster's diagnostics where they help
   */
  public FlinkClusterException(String message) {
    super(message);
  }

  /**
   * @param message what failed
   * @param cause the underlying failure
   */
  public FlinkClusterException(String message, Throwable cause) {
    super(message, cause);
  }
}
