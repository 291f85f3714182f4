package dev.kafkaconnector.io.pipeline;

import com.google.auto.service.AutoService;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorReadChanges;
import dev.kafkaconnector.io.cdc.source.ChangeSourceParser;
import dev.kafkaconnector.io.pipeline.PipelineSettings.DirtyDataCollector;
import dev.kafkaconnector.io.source.decode.ErrorPolicy;
import dev.kafkaconnector.schema.change.ChangeEvent;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * {@code source: {type: kafka, ...}}: {@link KafkaConnectorIO#readChanges()} with the block's keys
 * as its options and the pipeline's {@code schema.change.behavior}; with a {@code
 * dirty-data.collector}, records that fail to parse go to it ({@link DirtyDataLogger}).
 */
@AutoService(PipelineSourceFactory.class)
public final class KafkaPipelineSource implements PipelineSourceFactory {
  @Override
  public String type() {
    return "kafka";
  }

  @Override
  public PTransform<PBegin, PCollection<ChangeEvent>> createSource(ConnectorContext context) {
    KafkaConnectorReadChanges read =
        KafkaConnectorIO.readChanges()
            .withOptions(context.options())
            .withSchemaChangeBehavior(context.settings().schemaChangeBehavior());
    ErrorPolicy policy = ChangeSourceParser.parse("unapplied", context.options()).errorPolicy();
    DirtyDataCollector collector = context.settings().dirtyDataCollector();
    return collector == null ? read : new WithDirtyData(read, policy, collector);
  }

  /** readChanges() whose bad records go to the dirty-data collector. */
  private static final class WithDirtyData extends PTransform<PBegin, PCollection<ChangeEvent>> {
    private static final long serialVersionUID = 1L;
    private final KafkaConnectorReadChanges read;
    private final ErrorPolicy policy;
    private final DirtyDataCollector collector;

    WithDirtyData(
        KafkaConnectorReadChanges read, ErrorPolicy policy, DirtyDataCollector collector) {
      this.read = read;
      this.policy = policy;
      this.collector = collector;
    }

    @Override
    public PCollection<ChangeEvent> expand(PBegin input) {
      BadRecordErrorHandler<PCollection<Void>> handler =
          input
              .getPipeline()
              .registerBadRecordErrorHandler(new DirtyDataLogger(policy, collector.name()));
      PCollection<ChangeEvent> changes =
          input.apply("ReadChanges", read.withBadRecordErrorHandler(handler));
      handler.close();
      return changes;
    }
  }
}
