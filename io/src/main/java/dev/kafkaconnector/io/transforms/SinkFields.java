package dev.kafkaconnector.io.transforms;

import java.util.Map;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The configuration fields that every writing schema transform has ({@code kafka_write}, {@code
 * kafka_write_changes}), each setting one option key: read by {@link TransformOptions#sink} so that
 * the field-to-key mapping is written once.
 */
interface SinkFields {
  /** The option {@code topic}. */
  @Nullable String getTopic();

  /** The option {@code properties.bootstrap.servers}. */
  @Nullable String getBootstrapServers();

  /** The option {@code sink.delivery-guarantee}. */
  @Nullable String getDeliveryGuarantee();

  /** The option {@code sink.transactional-id-prefix}. */
  @Nullable String getTransactionalIdPrefix();

  /** Every other option, by key. */
  @Nullable Map<String, String> getOptions();

  /** Where rows that cannot be written go. */
  @Nullable ErrorHandling getErrorHandling();
}
