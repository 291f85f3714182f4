package dev.kafkaconnector.runners.pipeline;

import dev.kafkaconnector.io.pipeline.ConnectorContext;
import dev.kafkaconnector.io.pipeline.PipelineSinkFactory;
import dev.kafkaconnector.schema.change.ChangeEvent;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;

/**
 * A sink a test jar adds through the SPI: {@code sink: {type: collect, id: x}} keeps the events in
 * this JVM under {@code x} (the DirectRunner and embedded Flink run in it).
 */
public final class CollectingSink implements PipelineSinkFactory {
  static final Map<String, Queue<ChangeEvent>> COLLECTED = new ConcurrentHashMap<>();

  @Override
  public String type() {
    return "collect";
  }

  @Override
  public PTransform<PCollection<ChangeEvent>, PCollection<Void>> createSink(
      ConnectorContext context) {
    String id = context.options().get("id");
    if (id == null || context.options().size() != 1) {
      throw context.invalid("id", "the collect sink takes one option, id");
    }
    return collect(id);
  }

  /** A sink that keeps the events under {@code id} (a new, empty queue). */
  static PTransform<PCollection<ChangeEvent>, PCollection<Void>> collect(String id) {
    COLLECTED.put(id, new ConcurrentLinkedQueue<>());
    return new Collect(id);
  }

  private static final class Collect
      extends PTransform<PCollection<ChangeEvent>, PCollection<Void>> {
    private final String id;

    Collect(String id) {
      this.id = id;
    }

    @Override
    public PCollection<Void> expand(PCollection<ChangeEvent> input) {
      return input.apply("Collect", ParDo.of(new CollectFn(id)));
    }
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
