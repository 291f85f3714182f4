package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.ClientMetrics;
import dev.kafkaconnector.io.common.ConnectorMetricNames;
import dev.kafkaconnector.io.common.DeliveryGuarantee;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.beam.sdk.coders.Coder;
import org.apache.beam.sdk.metrics.Counter;
import org.apache.beam.sdk.metrics.Metrics;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.BadRecordRouter;
import org.apache.beam.sdk.transforms.windowing.BoundedWindow;
import org.apache.beam.sdk.transforms.windowing.GlobalWindow;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.TupleTag;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.Instant;

/**
 * Writes elements (rows, change events: whatever its {@link RecordEncoder} encodes) to Kafka. Each
 * instance owns one producer ({@code @Setup} / {@code @Teardown}); a bundle completes only after
 * every record it sent called back ({@code @FinishBundle}, see {@link RecordSender}), so a failed
 * send fails the bundle and the runner retries it: at-least-once. A {@code -U} row followed by its
 * {@code +U} row is written as one update message when the value format has one. Rows that cannot
 * be encoded, or whose record is larger than {@code max.request.size} or the topic's {@code
 * max.message.bytes}, or whose record the broker refuses for good ({@link BrokerRefusals}), take
 * the bad-row policy: fail once (not retried) naming topic, column and reason, or go to the
 * dead-letter output. Only with a dead-letter output is a sent row kept until its record called
 * back. Counted in {@code numRecordsOut} and {@code numBytesOut} (FLIP-33's names) once per bundle;
 * topics go to Beam's lineage ({@link SinkLineage}), the producer's own metrics to {@link
 * ClientMetrics}.
 */
abstract class WriteFn<InputT, T> extends DoFn<InputT, Void> {
  private static final long serialVersionUID = 1L;
  private static final AtomicInteger INSTANCES = new AtomicInteger();

  static final TupleTag<Void> MAIN = new TupleTag<Void>() {};
  static final TupleTag<BadRecord> BAD_RECORDS = BadRecordRouter.BAD_RECORD_TAG;

  private final SinkSpec spec;
  private final RecordEncoder<T> encoder;
  private final BadRows<T> badRows;
  private final Counter written =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.RECORDS_OUT);
  private final Counter bytes =
      Metrics.counter(ConnectorMetricNames.NAMESPACE, ConnectorMetricNames.BYTES_OUT);
  private final Counter withoutRecord = Metrics.counter("kafka-connector", "rows-without-record");
  private final Counter superseded = Metrics.counter("kafka-connector", "rows-superseded");

  /**
   * Whether a sent row is kept until its record called back, to go to the dead-letter output if the
   * broker refuses it: with a dead-letter output, except with {@code none} (which does not wait for
   * the callbacks).
   */
  private final boolean keepsSentRows;

  private transient @Nullable RecordSender sender;
  private transient SinkLineage lineage;
  private transient ClientMetrics clients;
  private transient PartitionChoice partitions;
  private transient int instanceIndex;

  /** A -U row waiting for its +U, with where it was in the bundle. */
  private transient @Nullable Pending<T> pending;

  /** The upsert buffer of sink.buffer-flush.*, or null. */
  private transient @Nullable UpsertBuffer<T> buffer;

  /** Records and bytes sent in this bundle, added to the metrics when it is flushed. */
  private transient long sentRecords;

  private transient long sentBytes;

  /** Rows written as no record (an upsert -U row) and rows a later row of their key replaced. */
  private transient long rowsWithoutRecord;

  private transient long rowsSuperseded;

  private record Pending<T>(T row, int shard, Instant timestamp, BoundedWindow window) {}

  /**
   * A row sent with a dead-letter output set, kept until its record called back: if the broker
   * refuses the record, the row goes to the dead-letter output at the end of the bundle. Null
   * timestamp and window (a row from the upsert buffer): the global window at the minimum time.
   */
  private record Sent<T>(T row, @Nullable Instant timestamp, @Nullable BoundedWindow window) {}

  WriteFn(SinkSpec spec, RecordEncoder<T> encoder, Coder<T> inputCoder, boolean deadLetter) {
    this.spec = spec;
    this.encoder = encoder;
    this.badRows = new BadRows<>(encoder.destination(), inputCoder, deadLetter);
    this.keepsSentRows = deadLetter && spec.guarantee() != DeliveryGuarantee.NONE;
  }

  @Setup
  public void setup() {
    instanceIndex = Math.floorMod(INSTANCES.getAndIncrement(), 1 << 20);
    sender = new RecordSender(spec, "writer-" + instanceIndex);
    lineage = new SinkLineage(spec.clientProperties().get("bootstrap.servers"));
    clients = ClientMetrics.producers();
    RecordSender opened = sender;
    partitions =
        new PartitionChoice(
            spec.partitioner(),
            spec.parallelism() == null ? -1 : spec.parallelism(),
            opened::partitions);
    buffer =
        spec.buffered() ? new UpsertBuffer<>(spec.bufferMaxRows(), spec.bufferInterval()) : null;
  }

  @Teardown
  public void teardown() {
    encoder.close();
    if (sender != null) {
      sender.close();
      sender = null;
    }
  }

  /** Writes one row; {@code shard} is its writer index, or -1 when the runner placed it. */
  void write(T row, int shard, Instant timestamp, BoundedWindow window, MultiOutputReceiver out) {
    if (pending != null) {
      Pending<T> before = pending;
      pending = null;
      if (encoder.writesUpdates() && encoder.isUpdateAfter(row)) {
        try {
          send(encoder.encodeUpdate(before.row(), row), row, shard, timestamp, window);
        } catch (BadRowException e) {
          bad(row, e, out);
        }
        return;
      }
      writeAlone(before.row(), before.shard(), before.timestamp(), before.window(), out);
    }
    if (encoder.writesUpdates() && encoder.isUpdateBefore(row)) {
      pending = new Pending<>(row, shard, timestamp, window);
      return;
    }
    writeAlone(row, shard, timestamp, window, out);
  }

  /** Completes the bundle: writes a waiting -U row and waits for every acknowledgement. */
  void finish(FinishBundleContext context) {
    if (pending != null) {
      Pending<T> before = pending;
      pending = null;
      try {
        EncodedRecord record = encoder.encode(before.row());
        if (record != null) {
          send(record, before.row(), before.shard(), before.timestamp(), before.window());
        } else {
          rowsWithoutRecord++;
        }
      } catch (BadRowException e) {
        badAtFinish(before, e, context);
      }
    }
    if (buffer != null) {
      flushBuffer();
    }
    List<RecordSender.Refused> refused = sender.flush();
    for (RecordSender.Refused r : refused) {
      refusedAtFinish(r, context);
    }
    // Counted once per bundle: a metric update per record costs more than the send on Flink.
    written.inc(sentRecords - refused.size());
    bytes.inc(sentBytes);
    if (rowsWithoutRecord > 0) {
      withoutRecord.inc(rowsWithoutRecord);
    }
    if (rowsSuperseded > 0) {
      superseded.inc(rowsSuperseded);
    }
    if (clients.due()) {
      clients.sample(List.of(sender.producerMetrics()));
    }
    sentRecords = 0;
    sentBytes = 0;
    rowsWithoutRecord = 0;
    rowsSuperseded = 0;
  }

  private void writeAlone(
      T row, int shard, Instant timestamp, BoundedWindow window, MultiOutputReceiver out) {
    try {
      EncodedRecord record = encoder.encode(row);
      if (record == null) {
        rowsWithoutRecord++; // nothing to write: an upsert table's -U row, a schema change
        return;
      }
      if (buffer != null) {
        check(record); // now, so that a bad row takes the policy, not the buffer's flush
        if (buffer.add(record, row, shard)) {
          rowsSuperseded++;
        }
        if (buffer.full()) {
          flushBuffer();
        }
        return;
      }
      send(record, row, shard, timestamp, window);
    } catch (BadRowException e) {
      bad(row, e, out);
    }
  }

  private void flushBuffer() {
    for (UpsertBuffer.Entry<T> entry : buffer.drain()) {
      try {
        send(entry.record(), entry.row(), entry.shard(), null, null);
      } catch (BadRowException e) {
        // Checked when the row was buffered (size, partition); not expected to fail now.
        throw new KafkaSinkException(describe(e), e);
      }
    }
  }

  private void send(
      EncodedRecord record,
      T row,
      int shard,
      @Nullable Instant timestamp,
      @Nullable BoundedWindow window)
      throws BadRowException {
    check(record);
    RecordHeaders headers = null;
    if (record.headers() != null) {
      headers = new RecordHeaders();
      record.headers().forEach(headers::add);
    }
    Integer partition =
        partitions.of(record, encoder.partitionerRow(row), shard >= 0 ? shard : instanceIndex);
    sender.send(
        new ProducerRecord<>(
            record.topic(), partition, record.timestamp(), record.key(), record.value(), headers),
        keepsSentRows ? new Sent<>(row, timestamp, window) : null);
    sentRecords++;
    sentBytes += record.size();
    lineage.written(record.topic());
  }

  /** Whether the record can be sent: its size, and the partition its row names exists. */
  private void check(EncodedRecord record) throws BadRowException {
    String tooLarge = sender.tooLarge(record);
    if (tooLarge != null) {
      throw new BadRowException(null, tooLarge, null);
    }
    if (record.partition() != null) {
      String missing = sender.partitions().missing(record.topic(), record.partition());
      if (missing != null) {
        throw new BadRowException(
            null, missing + ", as the 'partition' metadata column says", null);
      }
    }
  }

  private void bad(T row, BadRowException e, MultiOutputReceiver out) {
    badRows.handle(row, e, out);
  }

  private void badAtFinish(Pending<T> row, BadRowException e, FinishBundleContext context) {
    String reason = describe(e);
    if (!badRows.deadLetter()) {
      throw BadRows.fail(reason, e);
    }
    try {
      BadRecord record = BadRecord.fromExceptionInformation(row.row(), badRows.coder(), e, reason);
      context.output(BAD_RECORDS, record, row.timestamp(), row.window());
    } catch (Exception routing) {
      throw new KafkaSinkException(
          "Could not write the bad row to the dead-letter output: " + reason, routing);
    }
    badRows.counted();
  }

  /** Sends a row whose record the broker refused to the dead-letter output. */
  @SuppressWarnings("unchecked")
  private void refusedAtFinish(RecordSender.Refused refused, FinishBundleContext context) {
    Sent<T> sent = (Sent<T>) refused.context();
    BadRowException e =
        new BadRowException(
            null,
            BrokerRefusals.describe(
                refused.topic(),
                refused.partition(),
                BrokerRefusals.find(refused.error()),
                sender.topicLimit(refused.topic()),
                spec.clientProperties()),
            null);
    Instant timestamp =
        sent.timestamp() != null ? sent.timestamp() : BoundedWindow.TIMESTAMP_MIN_VALUE;
    BoundedWindow window = sent.window() != null ? sent.window() : GlobalWindow.INSTANCE;
    badAtFinish(new Pending<>(sent.row(), -1, timestamp, window), e, context);
  }

  private String describe(BadRowException e) {
    return badRows.describe(e);
  }

  /** Writes elements where the runner placed them. */
  static final class Plain<T> extends WriteFn<T, T> {
    private static final long serialVersionUID = 1L;

    Plain(SinkSpec spec, RecordEncoder<T> encoder, Coder<T> inputCoder, boolean deadLetter) {
      super(spec, encoder, inputCoder, deadLetter);
    }

    @ProcessElement
    public void process(
        @Element T element,
        @Timestamp Instant timestamp,
        BoundedWindow window,
        MultiOutputReceiver out) {
      write(element, -1, timestamp, window, out);
    }

    @FinishBundle
    public void finishBundle(FinishBundleContext context) {
      finish(context);
    }
  }

  /** Writes elements spread over {@code sink.parallelism} shards; the shard is the writer index. */
  static final class Sharded<T> extends WriteFn<KV<Integer, T>, T> {
    private static final long serialVersionUID = 1L;

    Sharded(SinkSpec spec, RecordEncoder<T> encoder, Coder<T> inputCoder, boolean deadLetter) {
      super(spec, encoder, inputCoder, deadLetter);
    }

    @ProcessElement
    public void process(
        @Element KV<Integer, T> element,
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
