package dev.kafkaconnector.io.cdc.source;

import dev.kafkaconnector.io.infer.RecordSampler;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * {@code scan.max.pre.fetch.records}: before the job reads, the latest records of each partition
 * are read and inferred (when the transform is applied, with the source's settings), so that every
 * reader starts with each table's schema instead of narrowing in on it record by record, and the
 * schemas are known to the change-event coder (rows that follow them travel without their schema).
 * The initial DDLs' tables start with their DDL schema, which the pre-fetched records widen with
 * the columns the DDL lacks.
 */
public final class ChangeSeeds {
  private ChangeSeeds() {}

  /**
   * The tables known at startup: their starting schemas and the primary keys the pre-fetched
   * records named (none for a table only an initial DDL gives).
   */
  public record Known(Map<TableId, Schema> schemas, Map<TableId, List<String>> primaryKeys) {
    /**
     * One create-table event per known table, in the order of {@link #schemas()}: what {@code
     * scan.emit.create-table-events.in-batch.enabled} sends when the job starts.
     */
    public List<CreateTableEvent> createTableEvents() {
      List<CreateTableEvent> out = new ArrayList<>();
      schemas.forEach(
          (table, schema) ->
              out.add(
                  new CreateTableEvent(table, schema, primaryKeys.getOrDefault(table, List.of()))));
      return out;
    }
  }

  /** The tables' starting schemas: pre-fetched ones, and the initial DDLs' for the others. */
  public static Map<TableId, Schema> of(
      SourceSpec spec,
      ChangeRecordDecoder decoder,
      long perPartition,
      Map<TableId, Schema> initialSchemas,
      RecordSampler sampler) {
    return known(spec, decoder, perPartition, initialSchemas, sampler).schemas();
  }

  /** The tables known at startup: {@link #of}'s schemas, with the primary keys. */
  public static Known known(
      SourceSpec spec,
      ChangeRecordDecoder decoder,
      long perPartition,
      Map<TableId, Schema> initialSchemas,
      RecordSampler sampler) {
    Map<TableId, Schema> out = new LinkedHashMap<>();
    Map<TableId, List<String>> keys = new LinkedHashMap<>();
    if (perPartition > 0) {
      List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
      for (RecordSampler.Sampled s : sampler.sample(spec, perPartition)) {
        records.add(new ConsumerRecord<>(s.topic(), s.partition(), s.offset(), s.key(), s.value()));
      }
      ChangeRecordDecoder.Inferred inferred = decoder.inferFrom(records);
      // In table-id order, so that the batch of create-table events does not depend on hashing.
      inferred.schemas().entrySet().stream()
          .sorted(Map.Entry.comparingByKey(java.util.Comparator.comparing(TableId::identifier)))
          .forEach(e -> out.put(e.getKey(), e.getValue()));
      inferred
          .primaryKeys()
          .forEach(
              (t, k) -> {
                if (!k.isEmpty()) {
                  keys.put(t, k);
                }
              });
    }
    initialSchemas.forEach(out::putIfAbsent);
    return new Known(out, keys);
  }
}
