package dev.kafkaconnector.io.source.metadata;

import java.io.Serializable;

/**
 * A column filled from record metadata rather than from the key or value.
 *
 * @param name the column name
 * @param key what fills it
 */
public record MetadataColumn(String name, MetadataKey key) implements Serializable {}
