package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.ClientMetrics;
import dev.kafkaconnector.io.common.ConnectorMetricNames;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.values.KV;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes a shard's numbered records of {@link TransactionalWriteFn} in number order, in one
 * transaction of the shard's producer, and counts them: replayed records (at or below what the
 * shard committed) are skipped, records after a gap are handed back. Kept apart from the DoFn,
 * which decides which records are durable and when to write. Counted in {@code numRecordsOut} and
 * {@code numBytesOut}; topics go to Beam's lineage; the producers' own metrics to {@link
 * ClientMetrics}.
 */
final class NumberOrderWriter implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Counter written =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.RECORDS_OUT);
  private final Counter bytes =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.BYTES_OUT);
  private final Counter skipped = Metrics.counter("kafka-connector", "records-skipped-replayed");
  private final @Nullable String servers;
  private transient @Nullable SinkLineage lineage;
  private transient @Nullable ClientMetrics clients;

  /**
   * @param servers the sink's {@code bootstrap.servers}, for Beam's lineage
   */
  NumberOrderWriter(@Nullable String servers) {
    this.servers = servers;
  }

  /**
   * Writes the records numbered from the next expected number on (at least {@code from}, after what
   * the shard committed) in number order, in one transaction; skips replayed ones and puts those
   * after a gap in {@code gaps}.
   *
   * @return the next expected number
   */
  long writeInOrder(
      ShardProducer shard,
      String writer,
      long from,
      List<KV<Long, EncodedRecord>> ready,
      List<KV<Long, EncodedRecord>> gaps) {
    ready.sort(Comparator.comparingLong(KV::getKey));
    long expected = Math.max(from, shard.committedNumber(writer) + 1);
    List<KV<Long, EncodedRecord>> toWrite = new ArrayList<>();
    for (KV<Long, EncodedRecord> r : ready) {
      long number = r.getKey();
      if (number < expected) {
        skipped.inc();
      } else if (number == expected) {
        toWrite.add(r);
        expected++;
      } else {
        gaps.add(r);
      }
    }
    if (!toWrite.isEmpty()) {
      writeTransaction(shard, writer, toWrite);
    }
    return expected;
  }

  private SinkLineage lineage() {
    SinkLineage l = lineage;
    if (l == null) {
      l = new SinkLineage(servers);
      lineage = l;
    }
    return l;
  }

  /** Sends {@code records} in one transaction and commits it; aborts it when that fails. */
  private void writeTransaction(
      ShardProducer shard, String writer, List<KV<Long, EncodedRecord>> records) {
    shard.begin();
    try {
      long size = 0;
      SinkLineage topics = lineage();
      for (KV<Long, EncodedRecord> r : records) {
        shard.send(r.getKey(), r.getValue());
        size += r.getValue().size();
        topics.written(r.getValue().topic());
      }
      written.inc(shard.commit(writer));
      bytes.inc(size);
      ClientMetrics c = clients;
      if (c == null) {
        c = ClientMetrics.producers();
        clients = c;
      }
      if (c.due()) {
        c.sample(List.of(shard.metrics()));
      }
    } catch (RuntimeException e) {
      shard.abortIfOwned();
      throw e;
    }
  }
}
