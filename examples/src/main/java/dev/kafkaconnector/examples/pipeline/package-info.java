/**
 * The launcher of YAML jobs ({@code examples/bin/kafka-pipeline}).
 *
 * <p>Runnable examples, not API; it may change in any release.
 */
package dev.kafkaconnector.examples.pipeline;
