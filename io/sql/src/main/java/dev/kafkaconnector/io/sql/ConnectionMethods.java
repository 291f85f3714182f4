package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.JobListener;
import java.lang.reflect.Method;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The methods a {@code jdbc:kafkaconnector:} connection answers itself rather than Beam's: those of
 * {@link KafkaConnectorConnection}, and {@code unwrap} / {@code isWrapperFor} of that interface.
 */
final class ConnectionMethods {
  private ConnectionMethods() {}

  /** The result of {@code method} on {@code proxy}, or empty when Beam's connection answers it. */
  @SuppressWarnings("unchecked")
  static Optional<Object> invoke(Object proxy, ConnectionJobs jobs, Method method, Object[] args) {
    if (method.getDeclaringClass() == KafkaConnectorConnection.class) {
      // setJobListeners, the one method
      jobs.setListeners((Supplier<? extends JobListener>) args[0]);
      return Optional.of(RunnerQueryMethods.NULL);
    }
    boolean ours = args != null && args.length == 1 && args[0] == KafkaConnectorConnection.class;
    if (ours && method.getName().equals("unwrap")) {
      return Optional.of(proxy);
    }
    if (ours && method.getName().equals("isWrapperFor")) {
      return Optional.of(Boolean.TRUE);
    }
    return Optional.empty();
  }
}
