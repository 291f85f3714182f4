package dev.kafkaconnector.runners.bench.formats;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

/**
 * What a Flink task hands a {@link DeserializationSchema} in {@code open}: no metrics, our loader.
 */
final class FlinkInit implements DeserializationSchema.InitializationContext {
  static final FlinkInit CONTEXT = new FlinkInit();

  private FlinkInit() {}

  @Override
  public MetricGroup getMetricGroup() {
    return new UnregisteredMetricsGroup();
  }

  @Override
  public UserCodeClassLoader getUserCodeClassLoader() {
    return SimpleUserCodeClassLoader.create(FlinkInit.class.getClassLoader());
  }
}
