package dev.kafkaconnector.runners.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import dev.kafkaconnector.runners.read.TestProducer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the SQL end-to-end cases share: the broker (one per test JVM), a producer, the spec's sample
 * data, table declarations with TBLPROPERTIES written by Jackson, and reading a topic back with a
 * plain consumer.
 */
abstract class SqlITSupport {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  static final Duration WAIT = Duration.ofSeconds(60);
  static final ObjectMapper JSON = new ObjectMapper();

  /** The spec's nested JSON message (002, section 26). */
  static final String NESTED_JSON =
      "{ \"id\": 1234567890, \"name\": \"tom\", \"date\": \"2000-10-25\", \"obj\": { \"time1\":"
          + " \"11:11:11\", \"str\": \"test\", \"lg\": 1122334455 }, \"arr\": [ \"aa\", \"bb\","
          + " \"cc\", \"dd\" ], \"rowinarr\": [ { \"f1\": \"f11\", \"f2\": 111 }, { \"f1\": \"f12\","
          + " \"f2\": 222 } ], \"time\": \"19:19:19\", \"timestamp\": \"1999-01-12 14:14:14\","
          + " \"map\": { \"flink\": 123 }, \"mapinmap\": { \"inner_map\": { \"key\": 234 } }}";

  /** The spec's DDL of the nested example, in Beam SQL's spelling (VARCHAR for STRING). */
  static final String NESTED_COLUMNS =
      "id BIGINT, name VARCHAR, `date` DATE, obj ROW<time1 TIME, str VARCHAR, lg BIGINT>,"
          + " arr ARRAY<VARCHAR>, rowinarr ARRAY<ROW<f1 VARCHAR, f2 INTEGER>>, `time` TIME,"
          + " `timestamp` TIMESTAMP(3), `map` MAP<VARCHAR, BIGINT>,"
          + " mapinmap MAP<VARCHAR, MAP<VARCHAR, INTEGER>>";

  /** The spec's query over the nested example. */
  static final String NESTED_QUERY =
      "SELECT id, name, `date`, t.obj.str, arr, arr[4], rowinarr, rowinarr[1].f2, `time`,"
          + " `timestamp`, `map`, `map`['flink'], mapinmap, mapinmap['inner_map']['key']"
          + " FROM kafka_source t";

  /**
   * The spec's printed output, with {@code 19:19:19} (the message's time) where the page prints
   * {@code 13:13:13}, a typo.
   */
  static final String NESTED_OUTPUT =
      "+I(1234567890,tom,2000-10-25,test,[aa, bb, cc, dd],dd,[f11,111, f12,222],111,19:19:19,"
          + "1999-01-12T14:14:14,{flink=123},123,{inner_map={key=234}},234)";

  /** Final state of the products table after the Debezium sample (testdata/cdc/SOURCES.md). */
  static final List<String> PRODUCTS_FINAL =
      List.of(
          "101 scooter 3.14",
          "102 car battery 8.1",
          "103 12-pack drill bits 0.8",
          "104 hammer 0.75",
          "105 hammer 0.875",
          "106 hammer 1.0",
          "107 rocks 5.1",
          "108 jacket 0.1",
          "109 spare tire 22.2",
          "110 jacket 0.5");

  static TestProducer producer;

  @BeforeAll
  static void startProducer() {
    producer = new TestProducer(KAFKA.bootstrapServers());
  }

  @AfterAll
  static void closeProducer() {
    producer.close();
  }

  static String newTopic(String prefix, int partitions) {
    String topic = KAFKA.newTopicName(prefix);
    KAFKA.createTopic(topic, partitions);
    return topic;
  }

  /** {@code CREATE EXTERNAL TABLE} with TBLPROPERTIES holding {@code properties} as JSON. */
  static String table(String name, String columns, String type, Map<String, ?> properties) {
    try {
      String json = JSON.writeValueAsString(properties).replace("'", "''");
      return "CREATE EXTERNAL TABLE "
          + name
          + " ("
          + columns
          + ") TYPE '"
          + type
          + "' TBLPROPERTIES '"
          + json
          + "'";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** TBLPROPERTIES of a finite read of {@code topic} from its start, plus {@code more}. */
  static Map<String, Object> boundedSource(String topic, String format, Object... more) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("topic", topic);
    p.put("properties.bootstrap.servers", KAFKA.bootstrapServers());
    p.put("format", format);
    p.put("scan.startup.mode", "earliest-offset");
    p.put("scan.bounded.mode", "latest-offset");
    for (int i = 0; i < more.length; i += 2) {
      p.put((String) more[i], more[i + 1]);
    }
    return p;
  }

  /** The lines of a sample file of /work/shared/testdata/cdc (or the test resources' copy). */
  static List<String> sample(String file) throws IOException {
    Path path = Path.of("/work/shared/testdata/cdc", file);
    String text;
    if (Files.exists(path)) {
      text = Files.readString(path, StandardCharsets.UTF_8);
    } else {
      try (var in = SqlITSupport.class.getResourceAsStream("/cdc/" + file)) {
        if (in == null) {
          throw new IOException("sample " + file + " not found");
        }
        text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    }
    return text.lines().filter(l -> !l.isBlank()).toList();
  }

  static void send(String topic, List<String> values) {
    for (String value : values) {
      producer.send(topic, 0, null, null, value);
    }
    producer.flush();
  }

  /** Every record of {@code topic} up to its end offsets now, partition by partition. */
  static List<ConsumerRecord<byte[], byte[]>> readBack(String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, KAFKA.bootstrapServers(),
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class))) {
      List<TopicPartition> partitions =
          consumer.partitionsFor(topic).stream()
              .map(p -> new TopicPartition(topic, p.partition()))
              .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (partitions.stream().anyMatch(tp -> consumer.position(tp) < ends.get(tp))) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("could not read " + topic + " to " + ends);
        }
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
      }
      return out;
    }
  }

  static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * Folds a changelog of the products table ordered by offset (-U ignored, +I/+U upsert, -D delete)
   * into "id name weight" lines, weights as the FLOAT Debezium captured.
   */
  static List<String> fold(List<Row> changelog, String kindColumn, String offsetColumn) {
    List<Row> ordered = new ArrayList<>(changelog);
    ordered.sort((a, b) -> Long.compare(a.getInt64(offsetColumn), b.getInt64(offsetColumn)));
    Map<Integer, String> state = new TreeMap<>();
    for (Row row : ordered) {
      String kind = row.getString(kindColumn);
      int id = row.getInt32("id");
      switch (kind) {
        case "+I", "+U" ->
            state.put(
                id,
                id
                    + " "
                    + row.getString("name")
                    + " "
                    + (float) row.getDouble("weight").doubleValue());
        case "-D" -> state.remove(id);
        case "-U" -> {}
        default -> throw new AssertionError("row kind " + kind + " in " + row);
      }
    }
    return List.copyOf(state.values());
  }

  /** How Flink's print sink shows a row: {@code +I(a,b,...)}, nested rows as {@code x,y}. */
  static String flinkText(Row row) {
    return "+I(" + fields(row) + ")";
  }

  private static String fields(Row row) {
    return row.getValues().stream().map(SqlITSupport::value).collect(Collectors.joining(","));
  }

  private static String value(Object v) {
    if (v instanceof Row r) {
      return fields(r);
    }
    if (v instanceof Iterable<?> list) {
      List<String> parts = new ArrayList<>();
      list.forEach(e -> parts.add(value(e)));
      return "[" + String.join(", ", parts) + "]";
    }
    if (v instanceof Map<?, ?> map) {
      return "{"
          + map.entrySet().stream()
              .map(e -> value(e.getKey()) + "=" + value(e.getValue()))
              .collect(Collectors.joining(", "))
          + "}";
    }
    if (v instanceof org.joda.time.ReadableInstant instant) {
      return LocalDateTime.ofEpochSecond(
              Math.floorDiv(instant.getMillis(), 1000),
              (int) Math.floorMod(instant.getMillis(), 1000) * 1_000_000,
              ZoneOffset.UTC)
          .toString();
    }
    return String.valueOf(v);
  }

  static void assertDone(org.apache.beam.sdk.PipelineResult result) {
    assertEquals(org.apache.beam.sdk.PipelineResult.State.DONE, result.waitUntilFinish());
  }
}
