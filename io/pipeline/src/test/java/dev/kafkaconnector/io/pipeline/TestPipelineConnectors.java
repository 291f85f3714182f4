package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.ChangeEventCoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PBegin;
import org.apache.beam.sdk.values.PCollection;

/**
 * Connectors that a jar of tests adds through the SPI: source {@code test-events} (the events
 * registered under its option {@code id}) and sink {@code test-collect} (each event's line kept
 * under its option {@code id}).
 */
final class TestPipelineConnectors {
  static final Map<String, List<ChangeEvent>> EVENTS = new ConcurrentHashMap<>();
  static final Map<String, Queue<String>> COLLECTED = new ConcurrentHashMap<>();

  private TestPipelineConnectors() {}

  public static final class EventsSource implements PipelineSourceFactory {
    @Override
    public String type() {
      return "test-events";
    }

    @Override
    public PTransform<PBegin, PCollection<ChangeEvent>> createSource(ConnectorContext context) {
      String id = context.options().get("id");
      if (id == null || !EVENTS.containsKey(id)) {
        throw context.invalid("id", "no events registered under '" + id + "'");
      }
      List<ChangeEvent> events = new ArrayList<>(EVENTS.get(id));
      return Create.of(events).withCoder(ChangeEventCoder.of());
    }
  }

  public static final class CollectSink implements PipelineSinkFactory {
    @Override
    public String type() {
      return "test-collect";
    }

    @Override
    public PTransform<PCollection<ChangeEvent>, PCollection<Void>> createSink(
        ConnectorContext context) {
      String id = context.options().get("id");
      COLLECTED.put(id, new ConcurrentLinkedQueue<>());
      return new PTransform<PCollection<ChangeEvent>, PCollection<Void>>() {
        @Override
        public PCollection<Void> expand(PCollection<ChangeEvent> input) {
          return input.apply(ParDo.of(new CollectFn(id)));
        }
      };
    }
  }

  private static final class CollectFn extends DoFn<ChangeEvent, Void> {
    private final String id;

    CollectFn(String id) {
      this.id = id;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event) {
      COLLECTED.get(id).add(ChangeEventText.format(event));
    }
  }
}
