package dev.kafkaconnector.io.transforms;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The connector's options of one schema transform: the typed configuration fields, each setting one
 * option key, merged with the free {@code options} map. A key set both ways to different values is
 * an error naming the field and the key; a validation error of the connector is re-thrown with the
 * transform's name and the field that set the key it names.
 */
final class TransformOptions {
  private final String transform;
  private final Map<String, String> options = new LinkedHashMap<>();

  /** Configuration field name (snake_case) by the option key it sets. */
  private final Map<String, String> fieldByKey = new LinkedHashMap<>();

  TransformOptions(String transform, @Nullable Map<String, String> free) {
    this.transform = transform;
    if (free != null) {
      free.forEach(
          (key, value) -> {
            if (key == null || key.isBlank()) {
              throw error("the 'options' map has an empty key");
            }
            if (value == null) {
              throw error("the 'options' map has no value for key '" + key + "'");
            }
            options.put(key, value);
          });
    }
  }

  /** Sets {@code key} from the configuration field {@code field}, when it has a value. */
  TransformOptions field(String field, String key, @Nullable String value) {
    if (value == null) {
      return this;
    }
    fieldByKey.put(key, field);
    String other = options.get(key);
    if (other != null && !other.equals(value)) {
      throw error(
          "field '"
              + field
              + "' = '"
              + value
              + "' and options['"
              + key
              + "'] = '"
              + other
              + "' disagree; set one of them");
    }
    options.put(key, value);
    return this;
  }

  /**
   * The options of a reading transform's {@code configuration}: its free {@code options} with the
   * shared typed fields (topic, pattern, servers, group, startup and bounded modes) set over them.
   */
  static TransformOptions source(String transform, SourceFields configuration) {
    return new TransformOptions(transform, configuration.getOptions())
        .field("topic", "topic", configuration.getTopic())
        .field("topic_pattern", "topic-pattern", configuration.getTopicPattern())
        .field(
            "bootstrap_servers",
            "properties.bootstrap.servers",
            configuration.getBootstrapServers())
        .field("group_id", "properties.group.id", configuration.getGroupId())
        .field("scan_startup_mode", "scan.startup.mode", configuration.getScanStartupMode())
        .field("scan_bounded_mode", "scan.bounded.mode", configuration.getScanBoundedMode());
  }

  /**
   * The options of a writing transform's {@code configuration}: its free {@code options} with the
   * shared typed fields (topic, servers, delivery guarantee, transactional id prefix) set over
   * them.
   */
  static TransformOptions sink(String transform, SinkFields configuration) {
    return new TransformOptions(transform, configuration.getOptions())
        .field("topic", "topic", configuration.getTopic())
        .field(
            "bootstrap_servers",
            "properties.bootstrap.servers",
            configuration.getBootstrapServers())
        .field(
            "delivery_guarantee", "sink.delivery-guarantee", configuration.getDeliveryGuarantee())
        .field(
            "transactional_id_prefix",
            "sink.transactional-id-prefix",
            configuration.getTransactionalIdPrefix());
  }

  /**
   * The error output's name from {@code error_handling}, or null without it.
   *
   * @param taken the names of the transform's other outputs, which the error output cannot reuse
   * @throws IllegalArgumentException for an {@code error_handling} without output or with a taken
   *     name
   */
  @Nullable String errorOutput(@Nullable ErrorHandling errorHandling, Set<String> taken) {
    if (errorHandling == null) {
      return null;
    }
    if (!ErrorHandling.hasOutput(errorHandling)) {
      throw error("field 'error_handling' needs 'output', the error output's name");
    }
    String name = ErrorHandling.getOutputOrNull(errorHandling);
    if (taken.contains(name)) {
      throw error("field 'error_handling': output '" + name + "' is the name of another output");
    }
    return name;
  }

  /** The merged options, by key. */
  Map<String, String> options() {
    return options;
  }

  /** An error of this transform's configuration. */
  IllegalArgumentException error(String message) {
    return new IllegalArgumentException("Invalid " + transform + " configuration: " + message);
  }

  /**
   * Runs the connector's validation, re-throwing its errors with this transform's name and, for an
   * option key that a typed field set, that field's name.
   */
  <T> T validated(Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      StringBuilder fields = new StringBuilder();
      fieldByKey.forEach(
          (key, field) -> {
            if (e.getMessage() != null && e.getMessage().contains(key)) {
              fields.append(fields.length() == 0 ? " (" : ", ");
              fields.append("option '").append(key).append("' is set by field '" + field + "'");
            }
          });
      if (fields.length() > 0) {
        fields.append(')');
      }
      IllegalArgumentException wrapped = error(e.getMessage() + fields);
      wrapped.initCause(e);
      throw wrapped;
    }
  }
}
