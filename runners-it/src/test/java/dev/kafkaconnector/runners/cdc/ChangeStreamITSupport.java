package dev.kafkaconnector.runners.cdc;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.runners.read.TestProducer;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.SchemaChangeEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.options.PipelineOptions;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the change-stream ITs share: the broker, a producer, bounded jobs whose change events are
 * collected in this JVM, and helpers to look at the events per table.
 */
abstract class ChangeStreamITSupport {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  static final Map<String, Queue<ChangeEvent>> COLLECTED = new ConcurrentHashMap<>();
  static TestProducer producer;

  /** Options of a job whose sources are bounded and whose run() blocks until the end. */
  protected abstract PipelineOptions options();

  @BeforeAll
  static void startProducer() {
    producer = new TestProducer(KAFKA.bootstrapServers());
  }

  @AfterAll
  static void closeProducer() {
    producer.close();
  }

  static String topic(String prefix, int partitions, List<String> values) {
    String topic = KAFKA.newTopicName(prefix);
    KAFKA.createTopic(topic, partitions);
    for (String value : values) {
      producer.send(topic, 0, null, null, value);
    }
    producer.flush();
    return topic;
  }

  List<ChangeEvent> read(String topic, String... keyValues) {
    Map<String, String> options = boundedSource(topic, keyValues);
    String id = UUID.randomUUID().toString();
    COLLECTED.put(id, new ConcurrentLinkedQueue<>());
    Pipeline pipeline = Pipeline.create(options());
    pipeline
        .apply(KafkaConnectorIO.readChanges().withOptions(options))
        .apply("Collect", ParDo.of(new CollectFn(id)));
    pipeline.run().waitUntilFinish();
    return new ArrayList<>(COLLECTED.remove(id));
  }

  /** The options of a readChanges() of {@code topic} from its start to its end, plus more. */
  static Map<String, String> boundedSource(String topic, String... keyValues) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("properties.bootstrap.servers", KAFKA.bootstrapServers());
    options.put("topic", topic);
    options.put("scan.startup.mode", "earliest-offset");
    options.put("scan.bounded.mode", "latest-offset");
    for (int i = 0; i < keyValues.length; i += 2) {
      options.put(keyValues[i], keyValues[i + 1]);
    }
    return options;
  }

  static Map<TableId, List<ChangeEvent>> byTable(List<ChangeEvent> events) {
    return events.stream()
        .collect(
            Collectors.groupingBy(ChangeEvent::tableId, LinkedHashMap::new, Collectors.toList()));
  }

  static List<SchemaChangeEvent> schemaEvents(List<ChangeEvent> events) {
    return events.stream()
        .filter(e -> e instanceof SchemaChangeEvent)
        .map(e -> (SchemaChangeEvent) e)
        .toList();
  }

  static List<DataChangeEvent> rows(List<ChangeEvent> events) {
    return events.stream()
        .filter(e -> e instanceof DataChangeEvent)
        .map(e -> (DataChangeEvent) e)
        .toList();
  }

  /** Applies a table's changes in order: id to row. */
  static Map<Object, Row> replay(List<DataChangeEvent> changes, String idColumn) {
    Map<Object, Row> table = new TreeMap<>();
    for (DataChangeEvent c : changes) {
      switch (c.op()) {
        case INSERT, UPDATE -> {
          if (c.before() != null) {
            table.remove(c.before().getValue(idColumn));
          }
          table.put(c.after().getValue(idColumn), c.after());
        }
        case DELETE -> table.remove(c.before().getValue(idColumn));
      }
    }
    return table;
  }

  /** Three tables of inventory in one canal-json topic; table orders widens mid-stream. */
  static List<String> canalThreeTables() {
    return canalThreeTables("inv");
  }

  /** The same in database {@code db}. */
  static List<String> canalThreeTables(String db) {
    return canalThreeTables0().stream()
        .map(m -> m.replace("\"database\":\"inv\"", "\"database\":\"" + db + "\""))
        .toList();
  }

  private static List<String> canalThreeTables0() {
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= 4; i++) {
      out.add(canal("INSERT", "orders", "{\"id\":" + i + ",\"qty\":" + i + "}", null));
      out.add(canal("INSERT", "users", "{\"id\":" + i + ",\"name\":\"u" + i + "\"}", null));
      out.add(canal("INSERT", "items", "{\"id\":" + i + ",\"sku\":\"s" + i + "\"}", null));
    }
    out.add(canal("INSERT", "orders", "{\"id\":5,\"qty\":5,\"note\":\"first note\"}", null));
    out.add(canal("UPDATE", "orders", "{\"id\":2,\"qty\":2.5,\"note\":\"half\"}", "{\"qty\":2}"));
    out.add(canal("DELETE", "users", "{\"id\":3,\"name\":\"u3\"}", null));
    out.add(canal("UPDATE", "items", "{\"id\":1,\"sku\":\"s1b\"}", "{\"sku\":\"s1\"}"));
    out.add(
        "{\"isDdl\":true,\"type\":\"ALTER\",\"database\":\"inv\",\"table\":\"orders\",\"data\":null}");
    return out;
  }

  static String canal(String type, String table, String row, String old) {
    return "{\"data\":["
        + row
        + "],\"database\":\"inv\",\"table\":\""
        + table
        + "\",\"isDdl\":false,"
        + "\"old\":"
        + (old == null ? "null" : "[" + old + "]")
        + ",\"pkNames\":[\"id\"],\"type\":\""
        + type
        + "\"}";
  }

  static String messages(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.append(t.getMessage()).append('\n');
    }
    return out.toString();
  }

  private static final class CollectFn extends DoFn<ChangeEvent, Void> {
    private final String id;

    CollectFn(String id) {
      this.id = id;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event) {
      COLLECTED.get(id).add(event);
    }
  }
}
