package dev.kafkaconnector.runners.security;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import org.apache.beam.runners.flink.FlinkPipelineOptions;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.PipelineResult;
import org.apache.beam.sdk.metrics.MetricQueryResults;
import org.apache.beam.sdk.metrics.MetricResult;
import org.apache.beam.sdk.runners.TransformHierarchy;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.display.DisplayData;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PValue;
import org.apache.flink.api.java.ExecutionEnvironment;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * Hands what a pipeline shows about itself to {@link SecretCanary#scan}: every transform's name,
 * {@code toString()} and display data, every value's name and coder, the options; the metric names,
 * steps and string-set values of a result; and, for the FlinkRunner, the translated Flink plan (job
 * graph vertex names and descriptions, the execution plan JSON, the job and execution configuration
 * with the global job parameters).
 */
final class PipelineInspection {
  private PipelineInspection() {}

  /** Every transform and value of {@code pipeline}, and its options. */
  static void graph(String label, Pipeline pipeline) {
    SecretCanary.scan(label + ": pipeline options", pipeline.getOptions().toString());
    pipeline.traverseTopologically(
        new Pipeline.PipelineVisitor.Defaults() {
          @Override
          public CompositeBehavior enterCompositeTransform(TransformHierarchy.Node node) {
            transform(label, node);
            return CompositeBehavior.ENTER_TRANSFORM;
          }

          @Override
          public void visitPrimitiveTransform(TransformHierarchy.Node node) {
            transform(label, node);
          }

          @Override
          public void visitValue(PValue value, TransformHierarchy.Node producer) {
            String where = label + ": value " + value.getName();
            SecretCanary.scan(where, value.getName() + " " + value);
            if (value instanceof PCollection<?> collection) {
              try {
                SecretCanary.scan(where + " coder", String.valueOf(collection.getCoder()));
              } catch (IllegalStateException e) {
                // no coder set or inferable; nothing to show
              }
            }
          }
        });
  }

  private static void transform(String label, TransformHierarchy.Node node) {
    if (node.isRootNode()) {
      return;
    }
    PTransform<?, ?> transform = node.getTransform();
    String where = label + ": transform '" + node.getFullName() + "'";
    SecretCanary.scan(where + " name", node.getFullName());
    if (transform == null) {
      return;
    }
    SecretCanary.scan(where + " toString()", transform.toString());
    if (transform instanceof ParDo.SingleOutput<?, ?> parDo) {
      SecretCanary.scan(where + " DoFn toString()", parDo.getFn().toString());
    } else if (transform instanceof ParDo.MultiOutput<?, ?> parDo) {
      SecretCanary.scan(where + " DoFn toString()", parDo.getFn().toString());
    }
    DisplayData data = DisplayData.from(transform);
    SecretCanary.scan(where + " display data", data.toString());
    for (DisplayData.Item item : data.items()) {
      SecretCanary.scan(
          where + " display data item " + item.getKey(),
          item.getNamespace()
              + " "
              + item.getKey()
              + " "
              + item.getValue()
              + " "
              + item.getShortValue()
              + " "
              + item.getLabel()
              + " "
              + item.getLinkUrl());
    }
  }

  /** The metric names (namespace, name), steps and string-set values of a result. */
  static void metrics(String label, PipelineResult result) {
    MetricQueryResults all = result.metrics().allMetrics();
    for (MetricResult<?> m : all.getCounters()) {
      metric(label + ": counter", m);
    }
    for (MetricResult<?> m : all.getDistributions()) {
      metric(label + ": distribution", m);
    }
    for (MetricResult<?> m : all.getGauges()) {
      metric(label + ": gauge", m);
    }
    for (MetricResult<?> m : all.getStringSets()) {
      metric(label + ": string set", m);
      SecretCanary.scan(
          label + ": string set " + m.getName() + " values", String.valueOf(m.getAttempted()));
    }
    for (MetricResult<?> m : all.getBoundedTries()) {
      metric(label + ": bounded trie", m);
      SecretCanary.scan(
          label + ": bounded trie " + m.getName() + " values", String.valueOf(m.getAttempted()));
    }
  }

  private static void metric(String where, MetricResult<?> m) {
    SecretCanary.scan(
        where + " name",
        m.getName().getNamespace() + " " + m.getName().getName() + " " + m.getKey().stepName());
  }

  /**
   * Translates {@code pipeline} (built for this purpose only: translation replaces transforms) for
   * the FlinkRunner as {@code run()} would, without running it, and scans the Flink plan.
   */
  static void flinkPlan(String label, Pipeline pipeline, FlinkPipelineOptions options)
      throws Exception {
    Class<?> type =
        Class.forName("org.apache.beam.runners.flink.FlinkPipelineExecutionEnvironment");
    Constructor<?> constructor = type.getDeclaredConstructor(FlinkPipelineOptions.class);
    constructor.setAccessible(true);
    Object environment = constructor.newInstance(options);
    Method translate = type.getDeclaredMethod("translate", Pipeline.class);
    translate.setAccessible(true);
    translate.invoke(environment, pipeline);
    if (options.isStreaming()) {
      Method streamEnv = type.getDeclaredMethod("getStreamExecutionEnvironment");
      streamEnv.setAccessible(true);
      StreamExecutionEnvironment env = (StreamExecutionEnvironment) streamEnv.invoke(environment);
      SecretCanary.scan(label + ": Flink execution config", env.getConfig().toString());
      SecretCanary.scan(
          label + ": Flink global job parameters",
          String.valueOf(env.getConfig().getGlobalJobParameters().toMap()));
      SecretCanary.scan(label + ": Flink configuration", env.getConfiguration().toString());
      StreamGraph graph = env.getStreamGraph(false);
      SecretCanary.scan(label + ": Flink streaming plan", graph.getStreamingPlanAsJSON());
      JobGraph job = graph.getJobGraph();
      SecretCanary.scan(label + ": Flink job configuration", job.getJobConfiguration().toString());
      for (JobVertex vertex : job.getVertices()) {
        SecretCanary.scan(
            label + ": Flink job vertex",
            vertex.getName()
                + " "
                + vertex.getOperatorName()
                + " "
                + vertex.getOperatorDescription()
                + " "
                + vertex.getOperatorPrettyName()
                + " "
                + vertex.getConfiguration());
      }
    } else {
      Method batchEnv = type.getDeclaredMethod("getBatchExecutionEnvironment");
      batchEnv.setAccessible(true);
      ExecutionEnvironment env = (ExecutionEnvironment) batchEnv.invoke(environment);
      SecretCanary.scan(label + ": Flink execution config", env.getConfig().toString());
      SecretCanary.scan(
          label + ": Flink global job parameters",
          String.valueOf(env.getConfig().getGlobalJobParameters().toMap()));
      SecretCanary.scan(label + ": Flink configuration", env.getConfiguration().toString());
      SecretCanary.scan(label + ": Flink batch plan", env.getExecutionPlan());
    }
  }
}
