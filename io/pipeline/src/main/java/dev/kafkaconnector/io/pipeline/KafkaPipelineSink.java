package dev.kafkaconnector.io.pipeline;

import com.google.auto.service.AutoService;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWriteChanges;
import dev.kafkaconnector.schema.change.ChangeEvent;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;

/**
 * {@code sink: {type: kafka, ...}}: {@link KafkaConnectorIO#writeChanges()} with the block's keys
 * as its options ({@code topic}, {@code sink.tableId-to-topic.mapping}, {@code partition.strategy},
 * {@code value.format}, {@code properties.*}, ...), validated when the job is built.
 */
@AutoService(PipelineSinkFactory.class)
public final class KafkaPipelineSink implements PipelineSinkFactory {
  @Override
  public String type() {
    return "kafka";
  }

  @Override
  public PTransform<PCollection<ChangeEvent>, PDone> createSink(ConnectorContext context) {
    KafkaConnectorWriteChanges write =
        KafkaConnectorIO.writeChanges().withOptions(context.options());
    write.validate();
    return write;
  }
}
