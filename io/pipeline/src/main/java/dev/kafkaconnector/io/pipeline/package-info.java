/**
 * YAML jobs in Flink CDC's pipeline format: the parser, the translator into a Beam pipeline, the
 * {@code kafka} source and sink, the {@code print} sink, routes and transforms.
 *
 * <p>Public API: {@link dev.kafkaconnector.io.pipeline.PipelineJob} runs a job, telling a {@link
 * dev.kafkaconnector.io.common.JobListener} when it starts and ends; {@link
 * dev.kafkaconnector.io.pipeline.PipelineSourceFactory} and {@link
 * dev.kafkaconnector.io.pipeline.PipelineSinkFactory} are the SPI for connectors of one's own. The
 * other types are internal.
 */
package dev.kafkaconnector.io.pipeline;
