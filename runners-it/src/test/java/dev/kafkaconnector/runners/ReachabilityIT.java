package dev.kafkaconnector.runners;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The Kafka reachability check passes against a running broker. */
class ReachabilityIT {

  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  @Test
  void aRunningBrokerIsReachable() {
    assertFalse(
        Reachability.checkKafka(KAFKA.bootstrapServers(), Duration.ofSeconds(10)).isEmpty());
  }
}
