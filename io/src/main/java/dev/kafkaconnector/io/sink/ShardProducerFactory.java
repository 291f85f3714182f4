package dev.kafkaconnector.io.sink;

import dev.kafkaconnector.io.common.NotRetriedException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.errors.InvalidTxnTimeoutException;

/**
 * Settings and initialisation of the transactional producer of one shard ({@link ShardProducer}):
 * kept apart so that the shard's producer only deals with owning, committing and failing.
 */
final class ShardProducerFactory {
  private ShardProducerFactory() {}

  /**
   * The producer properties of the shard with {@code transactionalId}: the user's client
   * properties, the sink's forced and default producer settings, and the transactional ones.
   */
  static Map<String, Object> properties(SinkSpec spec, String transactionalId) {
    Map<String, Object> props = new HashMap<>(spec.clientProperties());
    props.putAll(SinkOptionsParser.ProducerSettings.forced());
    SinkOptionsParser.ProducerSettings.defaults().forEach(props::putIfAbsent);
    props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
    props.put(ProducerConfig.ACKS_CONFIG, "all");
    props.putIfAbsent(
        ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, ShardProducer.DEFAULT_TRANSACTION_TIMEOUT_MS);
    props.put(ProducerConfig.CLIENT_ID_CONFIG, "kafka-connector-eos-" + transactionalId);
    return props;
  }

  /**
   * Calls {@code initTransactions} on {@code created} (made with {@code props}); closes it when
   * that fails. A transaction timeout over the broker's limit fails for good (not retried).
   */
  static void initTransactions(KafkaProducer<byte[], byte[]> created, Map<String, Object> props) {
    try {
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
  }
}
