package dev.kafkaconnector.io.source.spec;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The consumer properties of a source's clients: the user's {@code properties.*} with the settings
 * the connector needs forced. Readers are assigned to partitions, never subscribed: the group is
 * only used for look-ups and for commits after checkpoints, so auto-commit is off and the startup
 * mode (not {@code auto.offset.reset}) decides where reading starts.
 *
 * <p>Unlike a plain Kafka consumer (and the spec's table, which names {@code read_uncommitted} as
 * the client's default), every client of the source reads with {@code isolation.level =
 * read_committed} unless {@code properties.isolation.level} says otherwise: records of aborted
 * transactions (every failed exactly-once attempt leaves some) never reach a reader that did not
 * ask for them, and end offsets looked up with these settings are last stable offsets, so a bounded
 * {@code latest-offset} read ends at the LSO instead of waiting behind an open transaction.
 */
public final class ConsumerSettings {
  /** The default {@code isolation.level} of the source's clients. */
  public static final String READ_COMMITTED = "read_committed";

  private ConsumerSettings() {}

  /** Settings every client of a source gets, whatever the user set. */
  public static Map<String, Object> forced() {
    Map<String, Object> forced = new HashMap<>();
    forced.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    forced.put(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    forced.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    forced.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
    return forced;
  }

  /** Settings every client of a source gets unless the user set them. */
  public static Map<String, Object> defaults() {
    Map<String, Object> defaults = new HashMap<>();
    defaults.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, READ_COMMITTED);
    return defaults;
  }

  /** The isolation level the source's clients read with. */
  public static String isolationLevel(SourceSpec spec) {
    return spec.clientProperties()
        .getOrDefault(ConsumerConfig.ISOLATION_LEVEL_CONFIG, READ_COMMITTED)
        .trim();
  }

  /** Properties of a partition reader's consumer. */
  public static Map<String, Object> reader(SourceSpec spec, String clientId) {
    Map<String, Object> props = new HashMap<>(defaults());
    props.putAll(spec.clientProperties());
    props.remove(ConsumerConfig.GROUP_ID_CONFIG);
    props.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    props.putAll(forced());
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "none");
    props.putIfAbsent(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId(spec, clientId));
    return props;
  }

  /** Properties of a client that looks up or commits offsets of the group. */
  public static Map<String, Object> groupClient(SourceSpec spec, String clientId) {
    Map<String, Object> props = new HashMap<>(defaults());
    props.putAll(spec.clientProperties());
    props.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
    props.putAll(forced());
    props.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId(spec, clientId));
    return props;
  }

  private static String clientId(SourceSpec spec, String suffix) {
    String base =
        spec.clientProperties().getOrDefault(ConsumerConfig.CLIENT_ID_CONFIG, "kafka-connector");
    return base + "-" + suffix;
  }
}
