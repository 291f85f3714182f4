package dev.kafkaconnector.runners.bench;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/** Removes a benchmark's topics once it is done with them, so runs do not fill the disk. */
final class BenchTopics {
  private BenchTopics() {}

  /** Deletes {@code topics}; a failure is printed, not thrown over the benchmark's result. */
  static void delete(String bootstrapServers, List<String> topics) {
    try (Admin admin =
        Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      admin.deleteTopics(topics).all().get(1, TimeUnit.MINUTES);
    } catch (Exception e) {
      System.err.println("Could not delete the benchmark topics " + topics + ": " + e);
    }
  }
}
