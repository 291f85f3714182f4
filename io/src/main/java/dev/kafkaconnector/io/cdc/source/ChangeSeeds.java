package dev.kafkaconnector.io.cdc.source;

import dev.kafkaconnector.io.infer.RecordSampler;
import dev.kafkaconnector.io.source.spec.SourceSpec;
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

  /** The tables' starting schemas: pre-fetched ones, and the initial DDLs' for the others. */
  public static Map<TableId, Schema> of(
      SourceSpec spec,
      ChangeRecordDecoder decoder,
      long perPartition,
      Map<TableId, Schema> initialSchemas,
      RecordSampler sampler) {
    Map<TableId, Schema> out = new LinkedHashMap<>();
    if (perPartition > 0) {
      List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
      for (RecordSampler.Sampled s : sampler.sample(spec, perPartition)) {
        records.add(new ConsumerRecord<>(s.topic(), s.partition(), s.offset(), s.key(), s.value()));
      }
      out.putAll(decoder.inferFrom(records));
    }
    initialSchemas.forEach(out::putIfAbsent);
    return out;
  }
}
