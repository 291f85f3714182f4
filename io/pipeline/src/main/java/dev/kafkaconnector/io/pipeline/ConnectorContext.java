package dev.kafkaconnector.io.pipeline;

import java.util.Map;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * What a connector gets to build its transform: its block of the YAML file and the job's settings.
 * Errors about an option should be made with {@link #invalid}, which names the YAML path of the
 * option.
 */
public final class ConnectorContext {
  private final ConnectorDefinition definition;
  private final PipelineSettings settings;

  ConnectorContext(ConnectorDefinition definition, PipelineSettings settings) {
    this.definition = definition;
    this.settings = settings;
  }

  /** The block: its path, type, name and options. */
  public ConnectorDefinition definition() {
    return definition;
  }

  /**
   * The block's options (every key but {@code type}, {@code name}, {@code using.built-in-catalog}).
   */
  public Map<String, String> options() {
    return definition.options();
  }

  /** The block's {@code name}, or null. */
  public @Nullable String name() {
    return definition.name();
  }

  /** The {@code pipeline} block. */
  public PipelineSettings settings() {
    return settings;
  }

  /** An error about the option {@code key} of this block, with its YAML path. */
  public PipelineDefinitionException invalid(String key, String reason) {
    return new PipelineDefinitionException(definition.path() + "." + key, reason);
  }
}
