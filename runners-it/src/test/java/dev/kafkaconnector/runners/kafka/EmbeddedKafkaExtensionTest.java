package dev.kafkaconnector.runners.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Checks {@link KafkaClusterExtension} against the shared broker (or KAFKA_BOOTSTRAP_SERVERS). */
class EmbeddedKafkaExtensionTest {

  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  @Test
  void createsUniquelyNamedTopicsWithConfig() throws Exception {
    String first = KAFKA.newTopicName("ext test");
    String second = KAFKA.newTopicName("ext test");
    assertNotEquals(first, second);
    assertTrue(first.startsWith("ext_test-"), first);

    KAFKA.createTopic(first, 2, Map.of("retention.ms", "3600000"));
    assertEquals(
        2,
        KAFKA
            .admin()
            .describeTopics(List.of(first))
            .allTopicNames()
            .get()
            .get(first)
            .partitions()
            .size());
    ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, first);
    Config config = KAFKA.admin().describeConfigs(List.of(resource)).all().get().get(resource);
    assertEquals("3600000", config.get("retention.ms").value());
  }

  @Test
  void usesTheSharedEmbeddedClusterUnlessExternal() {
    if (KAFKA.isExternal()) {
      assertEquals(
          System.getenv(KafkaClusterExtension.BOOTSTRAP_SERVERS_ENV).trim(),
          KAFKA.bootstrapServers());
    } else {
      EmbeddedKafkaCluster cluster = KAFKA.embeddedCluster().orElseThrow();
      assertTrue(cluster.isRunning());
      assertEquals(cluster.bootstrapServers(), KAFKA.bootstrapServers());
    }
  }
}
