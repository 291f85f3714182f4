/**
 * What the connector does differently per runner, in one place: the runner's settings as a job sees
 * them at construction ({@link dev.kafkaconnector.io.runner.RunnerSettings}), the even placement of
 * partitions on Flink batch workers ({@link dev.kafkaconnector.io.runner.SpreadPartitions}) and the
 * check of Flink's watermark interval ({@link dev.kafkaconnector.io.runner.FlinkWatermarkCheck}).
 * It depends only on {@code io.common} and {@code io.source.spec}; the source, sink and
 * change-stream code above use it. Internal: not API.
 */
package dev.kafkaconnector.io.runner;
