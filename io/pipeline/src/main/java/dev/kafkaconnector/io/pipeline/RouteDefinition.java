package dev.kafkaconnector.io.pipeline;

import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * One rule of the {@code route} block: the tables matching {@code source-table} get the table id
 * {@code sink-table}, in which {@code replace-symbol} (when given) stands for the source table's
 * name.
 */
public record RouteDefinition(
    String path,
    String sourceTable,
    String sinkTable,
    @Nullable String replaceSymbol,
    @Nullable String description) {}
