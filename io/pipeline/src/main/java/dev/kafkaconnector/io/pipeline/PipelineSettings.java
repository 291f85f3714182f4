package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.io.cdc.SchemaChangeBehavior;
import java.io.Serializable;
import java.time.ZoneId;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The {@code pipeline} block.
 *
 * @param name the job name ({@code name})
 * @param parallelism {@code parallelism}, or null for the runner's default
 * @param schemaChangeBehavior {@code schema.change.behavior}, LENIENT unless set
 * @param dirtyDataCollector {@code dirty-data.collector}, or null when records that fail to parse
 *     are not collected
 * @param localTimeZone {@code local-time-zone}, or null for the system's
 */
public record PipelineSettings(
    @Nullable String name,
    @Nullable Integer parallelism,
    SchemaChangeBehavior schemaChangeBehavior,
    @Nullable DirtyDataCollector dirtyDataCollector,
    @Nullable ZoneId localTimeZone)
    implements Serializable {

  /** The settings of a job without a {@code pipeline} block. */
  public static PipelineSettings defaults() {
    return new PipelineSettings(null, null, SchemaChangeBehavior.LENIENT, null, null);
  }

  /** {@code dirty-data.collector}: where records that failed to parse go ({@code type: logger}). */
  public record DirtyDataCollector(String type, @Nullable String name) implements Serializable {}
}
