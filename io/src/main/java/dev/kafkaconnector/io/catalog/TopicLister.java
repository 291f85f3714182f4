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
 * Lists the topics of the catalog's cluster (internal topics hidden, as Kafka's {@code
 * listTopics} does by default), with the catalog's client properties, within {@code
 * properties.default.api.timeout.ms} (60 s unless set). Errors name the bootstrap servers only.
 */
final class TopicLister {
  private TopicLister() {}

  static Set<String> topics(CatalogSettings settings) {
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
        Long.parseLong(client.getOrDefault(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "60000").trim());
    props.putIfAbsent(AdminClientConfig.CLIENT_ID_CONFIG, "kafka-connector-catalog-" + settings.catalog());
    try (Admin admin = Admin.create(props)) {
      return new TreeSet<>(admin.listTopics().names().get(timeout, TimeUnit.MILLISECONDS));
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException(
          "Kafka catalog '" + settings.catalog() + "': could not list the topics of the cluster at"
              + " properties.bootstrap.servers=" + client.get("bootstrap.servers") + " within "
              + Duration.ofMillis(timeout) + ": " + e,
          e);
    }
  }
}
