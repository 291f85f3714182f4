package dev.kafkaconnector.io.cdc.sink;

/**
 * {@code partition.strategy} of the CDC sink, as Flink CDC's Kafka sink: {@code all-to-zero} writes
 * every record to partition 0 (one order for the whole stream), {@code hash-by-key} leaves the
 * choice to Kafka's default partitioner, which hashes the record key (murmur2 of the key bytes,
 * modulo the partition count): the key holds the table id and the primary key, so the changes of
 * one row stay in one partition, in order, across restarts while the partition count is unchanged.
 * A table without known primary key has the table id alone as key: all its changes go to one
 * partition.
 */
public enum PartitionStrategy {
  ALL_TO_ZERO("all-to-zero"),
  HASH_BY_KEY("hash-by-key");

  private final String value;

  PartitionStrategy(String value) {
    this.value = value;
  }

  /** The partition records are written to, or null for Kafka's choice by key. */
  Integer partition() {
    return this == ALL_TO_ZERO ? 0 : null;
  }

  @Override
  public String toString() {
    return value;
  }
}
