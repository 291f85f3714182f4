package dev.kafkaconnector.io.sink;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.AbstractRecords;
import org.apache.kafka.common.record.CompressionType;
import org.apache.kafka.common.record.DefaultRecord;
import org.apache.kafka.common.record.DefaultRecordBatch;
import org.apache.kafka.common.record.RecordBatch;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The size limits a record must meet before a writer sends it: the client's {@code
 * max.request.size} and the target topic's {@code max.message.bytes}, which the broker enforces and
 * the producer does not know. A record over the topic's limit is refused by the broker (and in a
 * batch with others first makes the producer split the batch); checked here, it takes the bad-row
 * policy before it is sent, and in the exactly-once sink before it is numbered, so that it never
 * reaches a transaction.
 *
 * <p>The topic's limit is read once per topic through the admin client ({@code describeConfigs},
 * which needs {@code DESCRIBE_CONFIGS} on the topic) and kept for ten minutes; when it cannot be
 * read, the check is skipped for that topic for a minute and a refusal is still recognized in the
 * send's callback ({@link BrokerRefusals}). With a {@code compression.type} other than none the
 * broker compares the compressed batch, so only the client's limit is checked here. One instance
 * per DoFn instance, opened lazily, closed in its {@code @Teardown}.
 */
final class TopicLimits implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TopicLimits.class);
  static final String MAX_MESSAGE_BYTES = "max.message.bytes";

  /** The limit of a topic whose configuration could not be read: none. */
  static final int UNKNOWN = -1;

  private static final long REFRESH_NANOS = Duration.ofMinutes(10).toNanos();
  private static final long RETRY_NANOS = Duration.ofMinutes(1).toNanos();

  /** Bytes that a record's header adds besides its key and value, at most. */
  private static final int BATCH_OVERHEAD = 128;

  private static final Header[] NO_HEADERS = new Header[0];

  private record Known(int limit, long atNanos) {}

  private final int maxRequestSize;
  private final boolean compressed;
  private final @Nullable Map<String, Object> adminProperties;
  private final ToIntFunction<String> lookup;
  private final Map<String, Known> known = new HashMap<>();
  private @Nullable Admin admin;

  /** Limits of the sink {@code spec}: topic limits read through an admin client of its own. */
  TopicLimits(SinkSpec spec, String clientId) {
    Map<String, String> client = spec.clientProperties();
    String max = client.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
    this.maxRequestSize = max == null ? 1024 * 1024 : Integer.parseInt(max.trim());
    String compression = client.get(ProducerConfig.COMPRESSION_TYPE_CONFIG);
    this.compressed = compression != null && !"none".equalsIgnoreCase(compression.trim());
    Map<String, Object> props = new HashMap<>();
    client.forEach(
        (k, v) -> {
          if (AdminClientConfig.configNames().contains(k)) {
            props.put(k, v);
          }
        });
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "kafka-connector-topic-limits-" + clientId);
    this.adminProperties = props;
    this.lookup = this::describe;
  }

  /** For tests: topic limits from {@code lookup} ({@link #UNKNOWN} when not known). */
  TopicLimits(int maxRequestSize, boolean compressed, ToIntFunction<String> lookup) {
    this.maxRequestSize = maxRequestSize;
    this.compressed = compressed;
    this.adminProperties = null;
    this.lookup = lookup;
  }

  int maxRequestSize() {
    return maxRequestSize;
  }

  /** The topic's {@code max.message.bytes}, or {@link #UNKNOWN}; looked up at most every 10 min. */
  int maxMessageBytes(String topic) {
    Known k = known.get(topic);
    long now = System.nanoTime();
    if (k == null || now - k.atNanos() > (k.limit() == UNKNOWN ? RETRY_NANOS : REFRESH_NANOS)) {
      k = new Known(lookup.applyAsInt(topic), now);
      known.put(topic, k);
    }
    return k.limit();
  }

  /**
   * Why {@code record} cannot be sent to its topic (over {@code max.request.size}, or over the
   * topic's {@code max.message.bytes}), naming the option or topic config to change; null when it
   * fits.
   */
  @Nullable String tooLarge(EncodedRecord record) {
    long bound = BATCH_OVERHEAD + record.size();
    if (record.headers() != null) {
      for (Map.Entry<String, byte[]> h : record.headers().entrySet()) {
        bound += 10 + 3L * h.getKey().length() + (h.getValue() == null ? 0 : h.getValue().length);
      }
    }
    int topicLimit =
        compressed || record.topic() == null ? UNKNOWN : maxMessageBytes(record.topic());
    if (bound <= maxRequestSize && (topicLimit == UNKNOWN || bound <= topicLimit)) {
      return null; // fits for sure: skip the exact count (a header array per record)
    }
    Header[] headers = headers(record);
    int upperBound =
        AbstractRecords.estimateSizeInBytesUpperBound(
            RecordBatch.CURRENT_MAGIC_VALUE,
            CompressionType.NONE,
            record.key(),
            record.value(),
            headers);
    if (upperBound > maxRequestSize) {
      // The producer's own check, with its estimate.
      return "the record is "
          + upperBound
          + " bytes, more than option"
          + " 'properties.max.request.size' allows: max.request.size = "
          + maxRequestSize;
    }
    if (topicLimit == UNKNOWN) {
      return null;
    }
    // The broker compares the batch: one record, batch header included, exactly.
    int batch =
        DefaultRecordBatch.RECORD_BATCH_OVERHEAD
            + DefaultRecord.sizeInBytes(
                0,
                0L,
                record.key() == null ? -1 : record.key().length,
                record.value() == null ? -1 : record.value().length,
                headers);
    if (batch <= topicLimit) {
      return null;
    }
    return "the record is "
        + batch
        + " bytes, more than topic '"
        + record.topic()
        + "' accepts: its config '"
        + MAX_MESSAGE_BYTES
        + "' = "
        + topicLimit
        + ". Raise the topic's '"
        + MAX_MESSAGE_BYTES
        + "' (kafka-configs.sh --alter"
        + " --entity-type topics --entity-name "
        + record.topic()
        + " --add-config "
        + MAX_MESSAGE_BYTES
        + "=<bytes>) or write smaller records";
  }

  private static Header[] headers(EncodedRecord record) {
    if (record.headers() == null || record.headers().isEmpty()) {
      return NO_HEADERS;
    }
    Header[] out = new Header[record.headers().size()];
    int i = 0;
    for (Map.Entry<String, byte[]> h : record.headers().entrySet()) {
      out[i++] = new RecordHeader(h.getKey(), h.getValue());
    }
    return out;
  }

  private int describe(String topic) {
    try {
      if (admin == null) {
        admin = Admin.create(adminProperties);
      }
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      Map<ConfigResource, Config> configs =
          admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS);
      ConfigEntry entry = configs.get(resource).get(MAX_MESSAGE_BYTES);
      if (entry == null || entry.value() == null) {
        return UNKNOWN;
      }
      return Integer.parseInt(entry.value().trim());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new KafkaSinkException(
          "Interrupted while reading the config of topic '" + topic + "'", e);
    } catch (Exception e) {
      LOG.info(
          "Could not read topic '{}' config '{}' ({}); records larger than it are recognized"
              + " when the broker refuses them",
          topic,
          MAX_MESSAGE_BYTES,
          e.toString());
      return UNKNOWN;
    }
  }

  @Override
  public void close() {
    if (admin != null) {
      try {
        admin.close(Duration.ZERO);
      } catch (RuntimeException e) {
        LOG.debug("Closing the admin client failed: {}", e.toString());
      }
      admin = null;
    }
  }
}
