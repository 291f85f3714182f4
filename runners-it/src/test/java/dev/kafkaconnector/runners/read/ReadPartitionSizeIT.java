package dev.kafkaconnector.runners.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.io.source.SourceOptionsParser.ParsedSource;
import dev.kafkaconnector.io.source.reader.ReadPartitionFn;
import dev.kafkaconnector.io.source.spec.PartitionDescriptor;
import dev.kafkaconnector.runners.kafka.KafkaClusterExtension;
import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.io.range.OffsetRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The reader's backlog on a worker that has never read the partition (a restriction sized where it
 * was not read, as runners do when they balance work) is the partition's real backlog from the
 * broker, not 0.
 */
class ReadPartitionSizeIT {
  @RegisterExtension static final KafkaClusterExtension KAFKA = new KafkaClusterExtension();

  @Test
  void sizeOnAWorkerThatNeverReadThePartitionIsItsBacklog() {
    String topic = KAFKA.newTopicName("size");
    KAFKA.createTopic(topic, 1);
    try (TestProducer producer = new TestProducer(KAFKA.bootstrapServers())) {
      producer.fill(topic, 1, 25);
    }
    ParsedSource source =
        SourceOptionsParser.parse(
            "size-test",
            Map.of(
                "properties.bootstrap.servers",
                KAFKA.bootstrapServers(),
                "topic",
                topic,
                "format",
                "raw",
                "scan.startup.mode",
                "earliest-offset"),
            ReadITSupport.VALUE,
            List.of());
    ReadPartitionFn<?> fn =
        ReadPartitionFn.create(source.spec(), source.decoder(), source.errorPolicy(), false);
    fn.setup(org.apache.beam.sdk.options.PipelineOptionsFactory.create());
    try {
      PartitionDescriptor partition =
          new PartitionDescriptor(topic, 0, 5, PartitionDescriptor.UNBOUNDED);
      assertEquals(
          20.0, fn.size(partition, new OffsetRange(5, PartitionDescriptor.UNBOUNDED)), 0.0);
    } finally {
      fn.teardown();
    }
  }
}
