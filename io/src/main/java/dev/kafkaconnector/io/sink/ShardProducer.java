package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.AuthenticationFailures;
import dev.kafkaconnector.io.common.NotRetriedException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.InvalidTxnTimeoutException;
import org.apache.kafka.common.errors.ProducerFencedException;
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

  /** The first record of the open transaction that the broker refused for good, with where. */
  private final AtomicReference<RecordMetadata> refusedAt = new AtomicReference<>();

  private final AtomicReference<Exception> refusal = new AtomicReference<>();

  /** One callback for every send: remembers the first refusal, for the error. */
  private final Callback refusals =
      (metadata, exception) -> {
        if (exception != null
            && BrokerRefusals.find(exception) != null
            && refusal.compareAndSet(null, exception)) {
          refusedAt.set(metadata);
        }
      };

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
    try {
      if (!owner.tryAcquire(5, TimeUnit.MINUTES)) {
        throw new KafkaSinkException(
            "Transactional producer '" + transactionalId() + "' stayed busy for 5 minutes");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaSinkException("Interrupted waiting for '" + transactionalId() + "'", e);
    }
    owned = true;
    try {
      if (inTransaction) {
        // Left open by a bundle that failed or was cancelled: its records must not be committed.
        abortQuietly();
      }
      producer().beginTransaction();
      inTransaction = true;
      sent = 0;
      skippedInTransaction = 0;
      refusal.set(null);
      refusedAt.set(null);
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
    TopicPartition at = null;
    for (CommittedState.Entry e : lastRead) {
      if (e.lineage().equals(lineage) && (at == null || e.number() == committed)) {
        at = e.at();
      }
    }
    if (at == null && number >= 0 && spec.topic() != null) {
      at = committedState.partition(null); // the lineage wrote there: the topic exists
    }
    if (at == null) {
      return; // a new lineage: its first commit makes the entry (its topic may not exist yet)
    }
    begin();
    try {
      producer.sendOffsetsToTransaction(
          Map.of(
              at,
              new OffsetAndMetadata(0, CommittedState.Entry.metadata(number, lineage, run, since))),
          new ConsumerGroupMetadata(group()));
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
    try {
      if (!owner.tryAcquire(5, TimeUnit.MINUTES)) {
        throw new KafkaSinkException(
            "Transactional producer '" + transactionalId() + "' stayed busy for 5 minutes");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaSinkException("Interrupted waiting for '" + transactionalId() + "'", e);
    }
    try {
      producer();
    } catch (RuntimeException e) {
      reset();
      throw wrap("initialising the transactional producer", e);
    } finally {
      owner.release();
    }
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
      if (sent > 0) {
        TopicPartition at = committedState.partition(lastTopic);
        producer.sendOffsetsToTransaction(
            Map.of(
                at,
                new OffsetAndMetadata(0, CommittedState.Entry.metadata(last, writer, run, since))),
            new ConsumerGroupMetadata(group()));
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
      reset();
    }
  }

  private String group() {
    return transactionalId();
  }

  private KafkaProducer<byte[], byte[]> producer() {
    if (producer == null) {
      committedState.prepare(ExactlyOnceWrites.shards(spec));
      Map<String, Object> props = new HashMap<>(spec.clientProperties());
      props.putAll(SinkOptionsParser.ProducerSettings.forced());
      SinkOptionsParser.ProducerSettings.defaults().forEach(props::putIfAbsent);
      props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId());
      props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
      props.put(ProducerConfig.ACKS_CONFIG, "all");
      props.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, DEFAULT_TRANSACTION_TIMEOUT_MS);
      props.put(ProducerConfig.CLIENT_ID_CONFIG, "kafka-connector-eos-" + transactionalId());
      KafkaProducer<byte[], byte[]> created = new KafkaProducer<>(props);
      try {
        since = System.currentTimeMillis();
        created.initTransactions();
      } catch (InvalidTxnTimeoutException e) {
        created.close(Duration.ZERO);
        // Every attempt would be refused the same way: not retried.
        KafkaSinkException failure =
            new KafkaSinkException(
                "Option 'properties.transaction.timeout.ms' = "
                    + props.get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG)
                    + " is more than the broker allows (its 'transaction.max.timeout.ms', 15 minutes"
                    + " by default): lower it or raise the broker's limit",
                NotRetriedException.cause());
        failure.addSuppressed(e);
        throw failure;
      } catch (RuntimeException e) {
        created.close(Duration.ZERO);
        throw e;
      }
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

  private KafkaSinkException wrap(String what, RuntimeException e) {
    if (e instanceof KafkaSinkException) {
      return (KafkaSinkException) e;
    }
    AuthenticationException refused = AuthenticationFailures.find(e);
    if (refused != null) {
      reset();
      return new KafkaSinkException(
          AuthenticationFailures.describe(
              "write exactly-once (while " + what + ", producer '" + transactionalId() + "')",
              refused,
              spec.clientProperties()),
          AuthenticationFailures.notRetried());
    }
    Throwable refusedRecord = BrokerRefusals.find(e);
    if (refusedRecord == null) {
      refusedRecord = BrokerRefusals.find(refusal.get());
    }
    if (refusedRecord != null) {
      // A record the broker refuses for good inside a transaction (sizes are checked before
      // records are numbered, so this is mostly an authorization): the whole transaction is
      // aborted, and every retry would be refused again. Fail once.
      RecordMetadata at = refusedAt.get();
      String topic = at != null ? at.topic() : lastTopic != null ? lastTopic : "?";
      reset();
      return new KafkaSinkException(
          "Exactly-once write to Kafka failed while "
              + what
              + " (producer '"
              + transactionalId()
              + "'): "
              + BrokerRefusals.describe(
                  topic,
                  at != null ? at.partition() : -1,
                  refusedRecord,
                  TopicLimits.UNKNOWN,
                  spec.clientProperties())
              + ". The transaction was aborted; the job fails and is not restarted",
          NotRetriedException.cause());
    }
    if (fenced(e)) {
      reset();
      String rival = rivalRun();
      if (rival != null) {
        return new KafkaSinkException(
            "Option 'sink.transactional-id-prefix' = '"
                + spec.transactionalIdPrefix()
                + "' is"
                + " used by another running exactly-once sink: its run "
                + rival
                + " took over the"
                + " producer '"
                + transactionalId()
                + "' of this run "
                + run
                + " while "
                + what
                + ". Two jobs, or two sinks in one pipeline, must not share a prefix (nor may a"
                + " job restored from a snapshot run beside the job it was taken from): stop one,"
                + " or give each sink its own 'sink.transactional-id-prefix'. Not retried: both"
                + " would fence each other for ever.",
            NotRetriedException.cause());
      }
      return new KafkaSinkException(
          "The transactional producer '"
              + transactionalId()
              + "' was fenced while "
              + what
              + ": another writer uses option 'sink.transactional-id-prefix' = '"
              + spec.transactionalIdPrefix()
              + "' (two jobs with one prefix, or a newer attempt"
              + " of this one)",
          e);
    }
    if (e instanceof KafkaException
        && !(e instanceof org.apache.kafka.common.errors.RetriableException)) {
      reset();
    }
    return new KafkaSinkException(
        "Exactly-once write to Kafka failed while "
            + what
            + " (producer '"
            + transactionalId()
            + "', "
            + spec.clientProperties().get("bootstrap.servers")
            + "): "
            + e.getMessage(),
        e);
  }

  /** Whether {@code e} says that a newer producer with this transactional id exists. */
  private static boolean fenced(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ProducerFencedException || t instanceof InvalidProducerEpochException) {
        return true;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }

  /**
   * Another run whose producer of this shard was initialised after this one and has committed an
   * entry in the shard's group (at any partition: two jobs may write to other topics), else null. A
   * newer attempt of this run (a restart after a failure) fences the old attempt too, which is no
   * conflict; an earlier job with the prefix left entries with older times. When the rival has not
   * committed yet this fence is retried, and the retry's producer fences the rival, whose own fence
   * then finds this run's newer entry: one of the two fails.
   */
  private @Nullable String rivalRun() {
    try {
      for (CommittedState.Entry e : committedState.read(group())) {
        if (e.takenOverFrom(run, since)) {
          return e.run();
        }
      }
    } catch (RuntimeException e) {
      LOG.debug(
          "Could not read the entries of '{}' after a fence: {}", transactionalId(), e.toString());
    }
    return null;
  }

  @Override
  public void close() {
    reset();
  }
}
