package dev.kafkaconnector.io.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.junit.jupiter.api.Test;

class ClientMetricsTest {
  private static final String FETCH = "consumer-fetch-manager-metrics";

  private static Metric value(Object v) {
    return new Metric() {
      @Override
      public MetricName metricName() {
        return null;
      }

      @Override
      public Object metricValue() {
        return v;
      }
    };
  }

  private static Map<MetricName, Metric> client(String id, double lagMax, double rate) {
    Map<MetricName, Metric> m = new HashMap<>();
    m.put(new MetricName("records-lag-max", FETCH, "", Map.of("client-id", id)), value(lagMax));
    m.put(new MetricName("fetch-rate", FETCH, "", Map.of("client-id", id)), value(rate));
    // Per-topic and per-partition variants are not summed into the client's value.
    m.put(
        new MetricName("fetch-rate", FETCH, "", Map.of("client-id", id, "topic", "t")),
        value(1000.0));
    m.put(
        new MetricName("records-lag-max", FETCH, "", Map.of("client-id", id, "partition", "0")),
        value(1e9));
    return m;
  }

  @Test
  void maxOfMaxAndSumOfRatesOverClients() {
    List<Map<MetricName, Metric>> clients = List.of(client("a", 5, 1.5), client("b", 7, 2.0));
    assertEquals(
        7.0, ClientMetrics.combine(new ClientMetrics.Forwarded(FETCH, "records-lag-max"), clients));
    assertEquals(
        3.5, ClientMetrics.combine(new ClientMetrics.Forwarded(FETCH, "fetch-rate"), clients));
  }

  @Test
  void meanOfAveragesAndNaNLeftOut() {
    String group = "consumer-node-metrics";
    Map<MetricName, Metric> m = new HashMap<>();
    m.put(
        new MetricName("request-latency-avg", group, "", Map.of("client-id", "a", "node-id", "1")),
        value(10.0));
    m.put(
        new MetricName("request-latency-avg", group, "", Map.of("client-id", "a", "node-id", "2")),
        value(20.0));
    m.put(
        new MetricName("request-latency-avg", group, "", Map.of("client-id", "a", "node-id", "3")),
        value(Double.NaN));
    assertEquals(
        15.0,
        ClientMetrics.combine(
            new ClientMetrics.Forwarded(group, "request-latency-avg"), List.of(m)));
  }

  @Test
  void noSampleIsNaN() {
    assertTrue(
        Double.isNaN(
            ClientMetrics.combine(
                new ClientMetrics.Forwarded(FETCH, "fetch-rate"), List.of(Map.of()))));
  }

  @Test
  void lineageServersAreTrimmedWithoutRepeats() {
    assertEquals("a:1,b:2", KafkaLineage.servers(" a:1, b:2,a:1 ,"));
    assertEquals(List.of("a:1", "t"), KafkaLineage.segments("a:1", "t"));
  }
}
