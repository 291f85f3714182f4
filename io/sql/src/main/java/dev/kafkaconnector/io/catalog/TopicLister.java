package dev.kafkaconnector.io.catalog;

import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.ClientProperties;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * Lists the topics of the catalog's cluster (internal topics hidden, as Kafka's {@code listTopics}
 * does by default), with the catalog's client properties, within {@code
 * properties.default.api.timeout.ms} (60 s unless set). Errors name the bootstrap servers only.
 */
final class TopicLister {
  private TopicLister() {}

  static Set<String> topics(CatalogSettings settings) {
    return withAdmin(
        settings,
        (admin, timeout) ->
            new TreeSet<>(admin.listTopics().names().get(timeout, TimeUnit.MILLISECONDS)));
  }

  /** Whether {@code topic}'s {@code cleanup.policy} includes {@code compact}. */
  static boolean isCompacted(CatalogSettings settings, String topic) {
    return withAdmin(
        settings,
        (admin, timeout) -> {
          org.apache.kafka.common.config.ConfigResource resource =
              new org.apache.kafka.common.config.ConfigResource(
                  org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
          org.apache.kafka.clients.admin.Config config =
              admin
                  .describeConfigs(java.util.List.of(resource))
                  .all()
                  .get(timeout, TimeUnit.MILLISECONDS)
                  .get(resource);
          org.apache.kafka.clients.admin.ConfigEntry policy =
              config == null ? null : config.get("cleanup.policy");
          return policy != null && policy.value() != null && policy.value().contains("compact");
        });
  }

  private interface AdminCall<T> {
    T call(Admin admin, long timeoutMillis) throws Exception;
  }

  private static <T> T withAdmin(CatalogSettings settings, AdminCall<T> call) {
    Map<String, String> client =
        ClientProperties.fromOptions(
            Configuration.of(settings.sourceOptionsForListing()),
            KafkaConnectorOptions.RESERVED_CONSUMER_PROPERTIES,
            "the catalog reads keys and values as bytes");
    Map<String, Object> props = new HashMap<>();
    for (String key : AdminClientConfig.configNames()) {
      if (client.containsKey(key)) {
        props.put(key, client.get(key));
      }
    }
    long timeout =
        Long.parseLong(
            client.getOrDefault(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "60000").trim());
    props.putIfAbsent(
        AdminClientConfig.CLIENT_ID_CONFIG, "kafka-connector-catalog-" + settings.catalog());
    try (Admin admin = Admin.create(props)) {
      return call.call(admin, timeout);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException(
          "Kafka catalog '"
              + settings.catalog()
              + "': could not look up topics on the cluster at"
              + " properties.bootstrap.servers="
              + client.get("bootstrap.servers")
              + " within "
              + Duration.ofMillis(timeout)
              + ": "
              + e,
          e);
    }
  }
}
