package dev.kafkaconnector.io.sink;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Aborts the open transactions that an earlier job with the same {@code
 * sink.transactional-id-prefix} left on ids this job never uses ({@code <prefix>-<n>} with {@code
 * n} at or above the shard count, after {@code sink.parallelism} was lowered): no writer of this
 * job would fence them, so without this they would stop {@code read_committed} readers until the
 * broker's transaction timeout. Ids of this job's own shards are fenced by their shard's first
 * {@code initTransactions} instead, never here, since another worker may be using them.
 *
 * <p>Listing transactions needs {@code DESCRIBE} on transactional ids; where it is not allowed the
 * sweep is skipped with a log line.
 */
final class LingeringTransactions {
  private static final Logger LOG = LoggerFactory.getLogger(LingeringTransactions.class);

  private LingeringTransactions() {}

  /** Ids {@code <prefix>-<n>}, {@code n >= shards}, among {@code ongoing}. */
  static List<String> outsideShards(String prefix, int shards, List<String> ongoing) {
    Pattern id = Pattern.compile(Pattern.quote(prefix) + "-(\\d{1,9})");
    List<String> out = new ArrayList<>();
    for (String candidate : ongoing) {
      Matcher m = id.matcher(candidate);
      if (m.matches() && Integer.parseInt(m.group(1)) >= shards) {
        out.add(candidate);
      }
    }
    return out;
  }

  /** Aborts the ongoing transactions of {@link #outsideShards}; returns the ids aborted. */
  static List<String> abortOutsideShards(Admin admin, SinkSpec spec, int shards) {
    List<String> ongoing = new ArrayList<>();
    try {
      for (TransactionListing t :
          admin
              .listTransactions(
                  new ListTransactionsOptions().filterStates(List.of(TransactionState.ONGOING)))
              .all()
              .get(60, TimeUnit.SECONDS)) {
        ongoing.add(t.transactionalId());
      }
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      LOG.info(
          "Could not list open transactions ({}); ids of prefix '{}' beyond shard {} are not"
              + " checked for lingering transactions",
          e.getMessage(),
          spec.transactionalIdPrefix(),
          shards - 1);
      return List.of();
    }
    List<String> lingering = outsideShards(spec.transactionalIdPrefix(), shards, ongoing);
    for (String id : lingering) {
      Map<String, Object> props = new HashMap<>(spec.clientProperties());
      props.putAll(SinkOptionsParser.ProducerSettings.forced());
      props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id);
      props.put(ProducerConfig.CLIENT_ID_CONFIG, "kafka-connector-eos-abort-" + id);
      try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props)) {
        producer.initTransactions(); // fences the old producer and aborts its transaction
        LOG.info(
            "Aborted the open transaction of '{}', left by an earlier job with more shards", id);
      } catch (RuntimeException e) {
        throw new KafkaSinkException(
            "Could not abort the open transaction of '"
                + id
                + "' (option"
                + " 'sink.transactional-id-prefix' = '"
                + spec.transactionalIdPrefix()
                + "'): "
                + e.getMessage(),
            e);
      }
    }
    return lingering;
  }
}
