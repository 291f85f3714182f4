package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.formats.cdc.RowKind;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;

/**
 * Writes rows to Kafka. Each instance owns one producer ({@code @Setup} / {@code @Teardown}); a
 * bundle completes only after every record it sent was acknowledged ({@code @FinishBundle}), so a
 * failed send fails the bundle and the runner retries it: at-least-once. A {@code -U} row followed
 * by its {@code +U} row is written as one update message when the value format has one. Rows that
 * cannot be encoded take the bad-row policy: fail naming topic, column and reason, or go to the
 * dead-letter output.
 */
abstract class WriteFn<InputT> extends DoFn<InputT, Void> {
  private static final long serialVersionUID = 1L;
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  static final TupleTag<Void> MAIN = new TupleTag<Void>() {};
  static final TupleTag<BadRecord> BAD_RECORDS = BadRecordRouter.BAD_RECORD_TAG;

  private final SinkSpec spec;
  private final RowRecordEncoder encoder;
  private final BadRows badRows;
  private final Counter written = Metrics.counter("kafka-connector", "records-written");
  private final Counter bytes = Metrics.counter("kafka-connector", "bytes-written");

  private transient @Nullable RecordSender sender;
  private transient PartitionChoice partitions;
  private transient int instanceIndex;
  /** A -U row waiting for its +U, with where it was in the bundle. */
  private transient @Nullable Pending pending;
  /** The upsert buffer of sink.buffer-flush.*, or null. */
  private transient @Nullable UpsertBuffer buffer;
  /** Records and bytes sent in this bundle, added to the metrics when it is flushed. */
  private transient long sentRecords;
  private transient long sentBytes;

  private record Pending(Row row, int shard, Instant timestamp, BoundedWindow window) {}

  WriteFn(SinkSpec spec, RowRecordEncoder encoder, Schema inputSchema, boolean deadLetter) {
    this.spec = spec;
    this.encoder = encoder;
    this.badRows = new BadRows(spec, inputSchema, deadLetter);
  }

  @Setup
  public void setup() {
    instanceIndex = Math.floorMod(INSTANCES.getAndIncrement(), 1 << 20);
    sender = new RecordSender(spec, "writer-" + instanceIndex);
    RecordSender opened = sender;
    partitions =
        new PartitionChoice(
            spec.partitioner(),
            spec.parallelism() == null ? -1 : spec.parallelism(),
            opened::partitions);
    buffer = spec.buffered() ? new UpsertBuffer(spec.bufferMaxRows(), spec.bufferInterval()) : null;
  }

  @Teardown
  public void teardown() {
    if (sender != null) {
      sender.close();
      sender = null;
    }
  }

  /** Writes one row; {@code shard} is its writer index, or -1 when the runner placed it. */
  void write(Row row, int shard, Instant timestamp, BoundedWindow window, MultiOutputReceiver out) {
    if (pending != null) {
      Pending before = pending;
      pending = null;
      if (encoder.writesUpdates() && isUpdateAfter(row)) {
        try {
          send(encoder.encodeUpdate(before.row(), row), row, shard);
        } catch (BadRowException e) {
          bad(row, e, out);
        }
        return;
      }
      writeAlone(before.row(), before.shard(), out);
    }
    if (encoder.writesUpdates() && isUpdateBefore(row)) {
      pending = new Pending(row, shard, timestamp, window);
      return;
    }
    writeAlone(row, shard, out);
  }

  /** Completes the bundle: writes a waiting -U row and waits for every acknowledgement. */
  void finish(FinishBundleContext context) {
    if (pending != null) {
      Pending before = pending;
      pending = null;
      try {
        EncodedRecord record = encoder.encode(before.row());
        if (record != null) {
          send(record, before.row(), before.shard());
        }
      } catch (BadRowException e) {
        badAtFinish(before, e, context);
      }
    }
    if (buffer != null) {
      flushBuffer();
    }
    sender.flush();
    // Counted once per bundle: a metric update per record costs more than the send on Flink.
    written.inc(sentRecords);
    bytes.inc(sentBytes);
    sentRecords = 0;
    sentBytes = 0;
  }

  private void writeAlone(Row row, int shard, MultiOutputReceiver out) {
    try {
      EncodedRecord record = encoder.encode(row);
      if (record == null) {
        return; // an upsert table does not write -U rows
      }
      if (buffer != null) {
        buffer.add(record, row, shard);
        if (buffer.full()) {
          flushBuffer();
        }
        return;
      }
      send(record, row, shard);
    } catch (BadRowException e) {
      bad(row, e, out);
    }
  }

  private void flushBuffer() {
    for (UpsertBuffer.Entry entry : buffer.drain()) {
      try {
        send(entry.record(), entry.row(), entry.shard());
      } catch (BadRowException e) {
        // Checked when the row was encoded; the size check cannot fail twice.
        throw new KafkaSinkException(describe(e), e);
      }
    }
  }

  private void send(EncodedRecord record, Row row, int shard) throws BadRowException {
    String tooLarge = sender.tooLarge(record);
    if (tooLarge != null) {
      throw new BadRowException(null, tooLarge, null);
    }
    RecordHeaders headers = null;
    if (record.headers() != null) {
      headers = new RecordHeaders();
      record.headers().forEach(headers::add);
    }
    Integer partition = partitions.of(record, row, shard >= 0 ? shard : instanceIndex);
    sender.send(
        new ProducerRecord<>(
            record.topic(), partition, record.timestamp(), record.key(), record.value(), headers));
    sentRecords++;
    sentBytes += record.size();
  }

  private boolean isUpdateBefore(Row row) {
    try {
      return encoder.kind(row) == RowKind.UPDATE_BEFORE;
    } catch (BadRowException e) {
      return false;
    }
  }

  private boolean isUpdateAfter(Row row) {
    try {
      return encoder.kind(row) == RowKind.UPDATE_AFTER;
    } catch (BadRowException e) {
      return false;
    }
  }

  private void bad(Row row, BadRowException e, MultiOutputReceiver out) {
    badRows.handle(row, e, out);
  }

  private void badAtFinish(Pending row, BadRowException e, FinishBundleContext context) {
    String reason = describe(e);
    if (!badRows.deadLetter()) {
      throw new KafkaSinkException(reason, e);
    }
    try {
      BadRecord record =
          BadRecord.fromExceptionInformation(
              row.row(), RowCoder.of(badRows.inputSchema()), e, reason);
      context.output(BAD_RECORDS, record, row.timestamp(), row.window());
    } catch (Exception routing) {
      throw new KafkaSinkException(
          "Could not write the bad row to the dead-letter output: " + reason, routing);
    }
    badRows.counted();
  }

  private String describe(BadRowException e) {
    return badRows.describe(e);
  }

  /** Writes rows where the runner placed them. */
  static final class Rows extends WriteFn<Row> {
    private static final long serialVersionUID = 1L;

    Rows(SinkSpec spec, RowRecordEncoder encoder, Schema inputSchema, boolean deadLetter) {
      super(spec, encoder, inputSchema, deadLetter);
    }

    @ProcessElement
    public void process(
        @Element Row row, @Timestamp Instant timestamp, BoundedWindow window,
        MultiOutputReceiver out) {
      write(row, -1, timestamp, window, out);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      finish(context);
    }
  }

  /** Writes rows spread over {@code sink.parallelism} shards; the shard is the writer index. */
  static final class Sharded extends WriteFn<org.apache.beam.sdk.values.KV<Integer, Row>> {
    private static final long serialVersionUID = 1L;

    Sharded(SinkSpec spec, RowRecordEncoder encoder, Schema inputSchema, boolean deadLetter) {
      super(spec, encoder, inputSchema, deadLetter);
    }

    @ProcessElement
    public void process(
        @Element org.apache.beam.sdk.values.KV<Integer, Row> element,
        @Timestamp Instant timestamp,
        BoundedWindow window,
        MultiOutputReceiver out) {
      write(element.getValue(), element.getKey(), timestamp, window, out);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      finish(context);
    }
  }
}
