package dev.kafkaconnector.io.transforms;

import java.util.Map;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The configuration fields that every reading schema transform has ({@code kafka_read}, {@code
 * kafka_read_changes}), each setting one option key: read by {@link TransformOptions#source} so
 * that the field-to-key mapping is written once.
 */
interface SourceFields {
  /** The option {@code topic}. */
  @Nullable String getTopic();

  /** The option {@code topic-pattern}. */
  @Nullable String getTopicPattern();

  /** The option {@code properties.bootstrap.servers}. */
  @Nullable String getBootstrapServers();

  /** The option {@code properties.group.id}. */
  @Nullable String getGroupId();

  /** The option {@code scan.startup.mode}. */
  @Nullable String getScanStartupMode();

  /** The option {@code scan.bounded.mode}. */
  @Nullable String getScanBoundedMode();

  /** Every other option, by key. */
  @Nullable Map<String, String> getOptions();

  /** Where bad records go. */
  @Nullable ErrorHandling getErrorHandling();
}
