package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.NotRetriedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.config.ConfigResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks, before the first transaction, that the exactly-once sink's {@code transaction.timeout.ms}
 * is within what the brokers accept (a failure marked {@link NotRetriedException}: every attempt
 * would be refused the same way) ({@code transaction.max.timeout.ms}, 15 minutes by default).
 * Flink's default of one hour is refused by a default broker, and the producer's own error only
 * says the timeout is invalid; this one gives both keys and both values.
 *
 * <p>Reading broker configurations needs {@code DESCRIBE_CONFIGS} on the cluster. Where it is not
 * allowed the check is skipped (logged) and the producer's refusal, if any, is still reported
 * naming the option when {@code initTransactions} fails.
 */
final class TransactionTimeoutCheck {
  private static final Logger LOG = LoggerFactory.getLogger(TransactionTimeoutCheck.class);
  static final String BROKER_KEY = "transaction.max.timeout.ms";

  private TransactionTimeoutCheck() {}

  /** The timeout the sink's producers use, in ms. */
  static long timeoutMs(SinkSpec spec) {
    String value = spec.clientProperties().get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG);
    return Long.parseLong(
        value != null ? value.trim() : ShardProducer.DEFAULT_TRANSACTION_TIMEOUT_MS);
  }

  /**
   * Fails with a {@link KafkaSinkException} naming {@code properties.transaction.timeout.ms} and
   * the broker's {@code transaction.max.timeout.ms} when a broker would refuse the timeout.
   */
  static void check(Admin admin, SinkSpec spec) {
    long timeout = timeoutMs(spec);
    Map<ConfigResource, Config> configs;
    try {
      List<ConfigResource> brokers = new ArrayList<>();
      for (Node node : admin.describeCluster().nodes().get(60, TimeUnit.SECONDS)) {
        brokers.add(new ConfigResource(ConfigResource.Type.BROKER, node.idString()));
      }
      configs = admin.describeConfigs(brokers).all().get(60, TimeUnit.SECONDS);
    } catch (ExecutionException | RuntimeException e) {
      LOG.info(
          "Could not read the brokers' '{}' ({}); 'properties.transaction.timeout.ms' = {} is"
              + " checked when the first transaction starts",
          BROKER_KEY,
          e.getMessage(),
          timeout);
      return;
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new KafkaSinkException("Interrupted while reading the brokers' " + BROKER_KEY, e);
    }
    for (Map.Entry<ConfigResource, Config> broker : configs.entrySet()) {
      ConfigEntry entry = broker.getValue().get(BROKER_KEY);
      if (entry == null || entry.value() == null) {
        continue;
      }
      long max = Long.parseLong(entry.value());
      if (timeout > max) {
        throw new KafkaSinkException(
            "Option 'properties.transaction.timeout.ms' = "
                + timeout
                + " ms is more than broker "
                + broker.getKey().name()
                + " allows: its '"
                + BROKER_KEY
                + "' = "
                + max
                + " ms. Set 'properties.transaction.timeout.ms' to at most "
                + max
                + " (the sink's default is "
                + ShardProducer.DEFAULT_TRANSACTION_TIMEOUT_MS
                + "), or raise the broker's limit",
            NotRetriedException.cause());
      }
    }
  }
}
