/**
 * The CDC sink behind {@code writeChanges()}: option parsing, table ids to topics, partitioning,
 * encoding of change events.
 *
 * <p>Internal, except the types that the API's signatures name: {@link
 * dev.kafkaconnector.io.cdc.sink.PartitionStrategy}. The other types may change in any release.
 */
package dev.kafkaconnector.io.cdc.sink;
