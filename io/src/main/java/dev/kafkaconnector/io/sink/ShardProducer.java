package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactional producer of one shard of an exactly-once sink, with id {@code
 * <sink.transactional-id-prefix>-<shard>}: a bounded set of ids, reused for every transaction, so
 * that {@code initTransactions} of a restarted writer fences the old one and aborts its open
 * transaction (read_committed readers are never left blocked by it).
 *
 * <p>One bundle at a time owns it ({@link #begin}); the bundle's records go into one transaction
 * together with the shard's last record number and the writer id, committed as offset metadata of
 * the group {@code <prefix>-<shard>}, so that a replayed record is recognised after a failure.
 */
final class ShardProducer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ShardProducer.class);
  static final String DEFAULT_TRANSACTION_TIMEOUT_MS = "900000";
  private static final long UNKNOWN = Long.MIN_VALUE;

  private final SinkSpec spec;
  private final int shard;
  private final CommittedState committedState;
  private final Semaphore owner = new Semaphore(1);

  /** This sink's run (made at {@code expand}): written with every commit and claim. */
  private final String run;

  /** When the producer in use was initialised (epoch ms): written with every entry. */
  private long since;

  /** The entries of the shard's group as last read. */
  private List<CommittedState.Entry> lastRead = List.of();

  private KafkaProducer<byte[], byte[]> producer;
  private boolean inTransaction;
  private volatile boolean owned;
  private long committed = UNKNOWN;
  private String committedWriter;
  private long last;
  private String lastTopic;
  private long first;
  private int sent;
  private int skippedInTransaction;

  /** Remembers the first record of the open transaction that the broker refused for good. */
  private final FirstRefusal refusals = new FirstRefusal();

  /** How long a fenced producer looks for the entry of the run that fenced it. */
  private static final Duration RIVAL_WAIT = Duration.ofSeconds(10);

  /** The fence that the abort after a failed call found, for {@link #wrap}; else null. */
  private @Nullable RuntimeException fencedOnAbort;

  ShardProducer(SinkSpec spec, int shard, CommittedState committedState) {
    this.spec = spec;
    this.shard = shard;
    this.committedState = committedState;
    this.run = spec.sinkId();
  }

  String transactionalId() {
    return spec.transactionalIdPrefix() + "-" + shard;
  }

  /**
   * Takes the producer for one bundle and begins a transaction; waits while another bundle of this
   * JVM holds it.
   */
  void begin() {
    acquire();
    owned = true;
    try {
      if (inTransaction) {
        // Left open by a bundle that failed or was cancelled: its records must not be committed.
        abortQuietly();
      }
      producer().beginTransaction();
      fencedOnAbort = null;
      inTransaction = true;
      sent = 0;
      skippedInTransaction = 0;
      refusals.clear();
    } catch (RuntimeException e) {
      reset();
      owned = false;
      owner.release();
      throw wrap("beginning a transaction", e);
    }
  }

  /**
   * The last record number {@code writer} committed for this shard, or -1.
   *
   * <p>When the number is not known (a new producer, or after a failed or uncertain commit), the
   * producer is initialised first: {@code initTransactions} returns only once the previous
   * transaction of this id is complete (committed or aborted, markers written), so the group's
   * offsets read next are final. Read before it, a commit still in flight (a writer killed, or the
   * broker restarted, between the commit decision and its markers) would not be visible yet and its
   * records would be written a second time.
   */
  long committedNumber(String writer) {
    if (committed == UNKNOWN || !writer.equals(committedWriter)) {
      initialise();
      lastRead = committedState.read(group());
      committed = CommittedState.lastNumber(lastRead, writer);
      committedWriter = writer;
    }
    return committed;
  }

  /**
   * The last record number {@code lineage} committed for this shard, read without a producer (none
   * is opened): for a shard this job no longer writes to.
   */
  long readCommitted(String lineage) {
    return CommittedState.lastNumber(committedState.read(group()), lineage);
  }

  /**
   * Commits a transaction that holds only the shard's entry, {@code number} of {@code lineage} with
   * this run: from then on the group shows which run writes the shard, so a producer fenced by
   * another run (a second job, or a second sink, with the same prefix) can tell. It also writes the
   * number back where it had expired. Skipped for a lineage that committed nothing yet: its first
   * commit makes the entry (before it, its topic may not even exist).
   */
  void claim(String lineage, long number) {
    TopicPartition at = CommittedState.entryPartition(lastRead, lineage, committed);
    if (at == null && number >= 0 && spec.topic() != null) {
      at = committedState.partition(null); // the lineage wrote there: the topic exists
    }
    if (at == null) {
      return; // a new lineage: its first commit makes the entry (its topic may not exist yet)
    }
    begin();
    try {
      sendEntry(at, number, lineage);
      producer.commitTransaction();
      inTransaction = false;
      committed = number;
      committedWriter = lineage;
      LOG.debug("{}: claimed for run {} at number {}", transactionalId(), run, number);
    } catch (RuntimeException e) {
      committed = UNKNOWN;
      abortQuietly();
      throw wrap("claiming the shard for this run", e);
    } finally {
      owned = false;
      owner.release();
    }
  }

  /** Creates and initialises the producer if needed, holding it as {@link #begin} does. */
  private void initialise() {
    acquire();
    try {
      producer();
    } catch (RuntimeException e) {
      reset();
      throw wrap("initialising the transactional producer", e);
    } finally {
      owner.release();
    }
  }

  /** Takes {@link #owner}, waiting at most 5 minutes while another bundle of this JVM holds it. */
  private void acquire() {
    try {
      if (!owner.tryAcquire(5, TimeUnit.MINUTES)) {
        throw new KafkaSinkException(
            "Transactional producer '" + transactionalId() + "' stayed busy for 5 minutes");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaSinkException("Interrupted waiting for '" + transactionalId() + "'", e);
    }
  }

  /** The producer's own metrics (none before it is made). */
  Map<org.apache.kafka.common.MetricName, ? extends org.apache.kafka.common.Metric> metrics() {
    return producer == null ? Map.of() : producer.metrics();
  }

  /** Counts a replayed record that is not sent again. */
  void skipped() {
    skippedInTransaction++;
  }

  /** Sends record number {@code number} in the open transaction. */
  void send(long number, EncodedRecord r) {
    RecordHeaders headers = new RecordHeaders();
    if (r.headers() != null) {
      r.headers().forEach(headers::add);
    }
    try {
      producer.send(
          new ProducerRecord<>(
              r.topic(), r.partition(), r.timestamp(), r.key(), r.value(), headers),
          refusals);
    } catch (RuntimeException e) {
      throw wrap("sending a record", e);
    }
    if (sent == 0) {
      first = number;
    }
    last = number;
    lastTopic = r.topic();
    sent++;
  }

  /**
   * Commits the open transaction with the last number sent by {@code writer} and gives the producer
   * back.
   *
   * @return the records committed
   */
  int commit(String writer) {
    try {
      if (refusals.fenced() != null) {
        // a fenced producer's transactional calls may wait max.block.ms for nothing
        throw new KafkaException("a send of the transaction was fenced", refusals.fenced());
      }
      if (sent > 0) {
        TopicPartition at = committedState.partition(lastTopic);
        sendEntry(at, last, writer);
      }
      producer.commitTransaction();
      inTransaction = false;
      LOG.debug(
          "{}: committed records {}..{} ({} sent, {} replayed skipped, writer {})",
          transactionalId(),
          first,
          last,
          sent,
          skippedInTransaction,
          writer);
      if (sent > 0) {
        committed = last;
        committedWriter = writer;
      }
      return sent;
    } catch (RuntimeException e) {
      // The commit may or may not have happened: read the committed number back next time.
      committed = UNKNOWN;
      abortQuietly();
      throw wrap("committing a transaction of " + sent + " records", e);
    } finally {
      owned = false;
      owner.release();
    }
  }

  /**
   * Adds the shard's entry ({@code number} of {@code writer}, with this run) to the open
   * transaction, as offset metadata of the shard's group at {@code at}.
   */
  private void sendEntry(TopicPartition at, long number, String writer) {
    producer.sendOffsetsToTransaction(
        Map.of(
            at,
            new OffsetAndMetadata(0, CommittedState.Entry.metadata(number, writer, run, since))),
        new ConsumerGroupMetadata(group()));
  }

  /** Aborts the open transaction of a failed bundle and gives the producer back, if still held. */
  void abortIfOwned() {
    if (!owned) {
      return;
    }
    try {
      abortQuietly();
    } finally {
      owned = false;
      owner.release();
    }
  }

  private void abortQuietly() {
    inTransaction = false;
    committed = UNKNOWN;
    if (producer == null) {
      return;
    }
    try {
      producer.abortTransaction();
    } catch (RuntimeException e) {
      LOG.warn(
          "Aborting the transaction of '{}' failed ({}); reopening it",
          transactionalId(),
          e.toString());
      fencedOnAbort = ShardFailures.fenced(e) ? e : null;
      reset();
    }
  }

  private String group() {
    return transactionalId();
  }

  private KafkaProducer<byte[], byte[]> producer() {
    if (producer == null) {
      committedState.prepare(ExactlyOnceWrites.shards(spec));
      Map<String, Object> props = ShardProducerFactory.properties(spec, transactionalId());
      KafkaProducer<byte[], byte[]> created = new KafkaProducer<>(props);
      since = System.currentTimeMillis();
      ShardProducerFactory.initTransactions(created, props);
      refusals.watch(created);
      LOG.info(
          "Transactional producer '{}' ready (an earlier open transaction of this id was"
              + " aborted)",
          transactionalId());
      producer = created;
    }
    return producer;
  }

  private void reset() {
    inTransaction = false;
    if (producer != null) {
      try {
        producer.close(Duration.ZERO);
      } catch (RuntimeException e) {
        LOG.debug("Closing '{}' failed: {}", transactionalId(), e.toString());
      }
      producer = null;
    }
  }

  /**
   * The error for {@code e}, thrown while {@code what}: closes the producer where it cannot go on
   * (see {@link ShardFailures} for the messages).
   */
  private KafkaSinkException wrap(String what, RuntimeException e) {
    if (e instanceof KafkaSinkException) {
      return (KafkaSinkException) e;
    }
    String id = transactionalId();
    AuthenticationException refused = AuthenticationFailures.find(e);
    if (refused != null) {
      reset();
      return ShardFailures.authentication(what, id, refused, spec);
    }
    Throwable refusedRecord = BrokerRefusals.find(e);
    if (refusedRecord == null) {
      refusedRecord = BrokerRefusals.find(refusals.cause());
    }
    if (refusedRecord != null) {
      RecordMetadata at = refusals.at();
      String topic = at != null ? at.topic() : lastTopic != null ? lastTopic : "?";
      reset();
      return ShardFailures.refusedRecord(
          what, id, topic, at != null ? at.partition() : -1, refusedRecord, spec);
    }
    // A call that timed out (a fenced producer's request is never answered) and whose abort then
    // found the producer fenced failed because of the fence.
    if (ShardFailures.fenced(e) || fencedOnAbort != null || refusals.fenced() != null) {
      fencedOnAbort = null;
      reset();
      String rival = rivalRun();
      if (rival != null) {
        return ShardFailures.prefixShared(what, id, rival, run, spec);
      }
      return ShardFailures.fenced(what, id, spec, e);
    }
    if (e instanceof KafkaException
        && !(e instanceof org.apache.kafka.common.errors.RetriableException)) {
      reset();
    }
    return ShardFailures.failed(what, id, spec, e);
  }

  /** Another run that took this shard over ({@link CommittedState#awaitRival}), else null. */
  private @Nullable String rivalRun() {
    return committedState.awaitRival(group(), run, since, RIVAL_WAIT);
  }

  @Override
  public void close() {
    reset();
  }
}
