package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.beam.sdk.coders.CoderException;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.util.CoderUtils;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A temporary topic (one partition) that carries a query's rows from a job on any runner back to
 * the JDBC client, on the Kafka cluster of the query's first table: the job writes each row encoded
 * with Beam's {@link RowCoder} ({@link #writer}), the client reads them ({@link #read}), and {@link
 * #close} deletes the topic. Only the cluster's connection and security settings ({@code
 * bootstrap.servers}, {@code security.*}, {@code sasl.*}, {@code ssl.*}) are taken from the table.
 */
final class ResultTopic implements AutoCloseable {
  private static final String PREFIX = "kafka-sql-result-";
  private static final Duration POLL = Duration.ofMillis(200);

  private final Map<String, Object> client;
  private final String topic;
  private final Admin admin;

  private ResultTopic(Map<String, Object> client, String topic, Admin admin) {
    this.client = client;
    this.topic = topic;
    this.admin = admin;
  }

  /**
   * Creates a topic on the cluster {@code tableOptions} name.
   *
   * @throws IllegalStateException naming the topic when the cluster refuses it
   */
  static ResultTopic create(Map<String, String> tableOptions) {
    Map<String, Object> client = connection(tableOptions);
    String topic = PREFIX + UUID.randomUUID();
    Admin admin = Admin.create(client);
    try {
      admin
          .createTopics(List.of(new NewTopic(topic, Optional.of(1), Optional.empty())))
          .all()
          .get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      admin.close(Duration.ofSeconds(5));
      throw new IllegalStateException(
          "Cannot create the topic '"
              + topic
              + "' that brings the query's rows back, on the cluster of its first table ("
              + client.get("bootstrap.servers")
              + "): "
              + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()),
          e);
    } catch (InterruptedException e) {
      admin.close(Duration.ofSeconds(5));
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while creating topic '" + topic + "'", e);
    }
    return new ResultTopic(client, topic, admin);
  }

  /** The topic's name. */
  String topic() {
    return topic;
  }

  /** The step that writes rows of {@code schema} to the topic, at least once. */
  PTransform<PCollection<Row>, PDone> writer(Schema schema) {
    Map<String, String> options = new HashMap<>();
    client.forEach((k, v) -> options.put(KafkaConnectorOptions.PROPERTIES_PREFIX + k, (String) v));
    return new PTransform<>() {
      @Override
      public PDone expand(PCollection<Row> rows) {
        Schema bytes = Schema.builder().addByteArrayField("row").build();
        rows.apply("Encode rows", ParDo.of(new EncodeFn(schema, bytes)))
            .setRowSchema(bytes)
            .apply(
                "Write rows to " + topic,
                KafkaConnectorIO.write().withOptions(options).withTopic(topic).withFormat("raw"));
        return PDone.in(rows.getPipeline());
      }
    };
  }

  /**
   * Reads the rows from the start of the topic until {@code limit} rows are read, or until {@code
   * ended} says the job ended and the topic's end is reached.
   */
  List<Row> read(Schema schema, int limit, BooleanSupplier ended) throws CoderException {
    RowCoder coder = RowCoder.of(schema);
    List<Row> rows = new ArrayList<>();
    TopicPartition partition = new TopicPartition(topic, 0);
    Map<String, Object> config = new HashMap<>(client);
    config.put("enable.auto.commit", "false");
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      while (rows.size() < limit) {
        boolean finished = ended.getAsBoolean();
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(POLL)) {
          rows.add(CoderUtils.decodeFromByteArray(coder, r.value()));
        }
        if (finished
            && consumer.position(partition)
                >= consumer.endOffsets(List.of(partition)).get(partition)) {
          break;
        }
      }
    }
    return rows.size() > limit ? rows.subList(0, limit) : rows;
  }

  /** Deletes the topic. */
  @Override
  public void close() {
    try {
      admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException | TimeoutException e) {
      // the query's rows are read: a topic left behind only costs space, and is named for it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      admin.close(Duration.ofSeconds(5));
    }
  }

  /** The connection and security settings of the table's cluster, as client properties. */
  static Map<String, Object> connection(Map<String, String> tableOptions) {
    Map<String, Object> client = new HashMap<>();
    String prefix = KafkaConnectorOptions.PROPERTIES_PREFIX;
    tableOptions.forEach(
        (key, value) -> {
          if (!key.startsWith(prefix)) {
            return;
          }
          String name = key.substring(prefix.length());
          if (name.equals("bootstrap.servers")
              || name.equals("client.dns.lookup")
              || name.startsWith("security.")
              || name.startsWith("sasl.")
              || name.startsWith("ssl.")) {
            client.put(name, value);
          }
        });
    if (!client.containsKey("bootstrap.servers")) {
      throw new IllegalArgumentException(
          "The query's first Kafka table has no 'properties.bootstrap.servers'");
    }
    return client;
  }

  /** Encodes each row with the row coder of the query's schema. */
  private static final class EncodeFn extends DoFn<Row, Row> {
    private final RowCoder coder;
    private final Schema bytes;

    EncodeFn(Schema schema, Schema bytes) {
      this.coder = RowCoder.of(schema);
      this.bytes = bytes;
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) throws CoderException {
      out.output(Row.withSchema(bytes).addValue(CoderUtils.encodeToByteArray(coder, row)).build());
    }
  }
}
