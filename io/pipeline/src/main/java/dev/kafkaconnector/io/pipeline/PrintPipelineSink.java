package dev.kafkaconnector.io.pipeline;

import com.google.auto.service.AutoService;
import dev.kafkaconnector.schema.change.ChangeEvent;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code sink: {type: print}} (alias {@code values}, Flink CDC's name): writes every change event
 * as one line ({@link ChangeEventText}) to standard output, prefixed with the sink's {@code name}
 * when it has one. Option {@code print.target}: {@code stdout} (default) or {@code stderr}. For
 * demos and tests; nothing else is written anywhere.
 */
@AutoService(PipelineSinkFactory.class)
public final class PrintPipelineSink implements PipelineSinkFactory {
  static final String TARGET = "print.target";

  @Override
  public String type() {
    return "print";
  }

  @Override
  public List<String> aliases() {
    return List.of("values");
  }

  @Override
  public PTransform<PCollection<ChangeEvent>, PCollection<Void>> createSink(
      ConnectorContext context) {
    boolean stderr = false;
    for (Map.Entry<String, String> option : context.options().entrySet()) {
      if (!option.getKey().equals(TARGET)) {
        throw context.invalid(
            option.getKey(), "unknown option of the print sink; its only option is " + TARGET);
      }
      String target = option.getValue().trim().toLowerCase(Locale.ROOT);
      if (!target.equals("stdout") && !target.equals("stderr")) {
        throw context.invalid(TARGET, "expected stdout or stderr, got '" + option.getValue() + "'");
      }
      stderr = target.equals("stderr");
    }
    return new Print(context.name(), stderr);
  }

  private static final class Print extends PTransform<PCollection<ChangeEvent>, PCollection<Void>> {
    private static final long serialVersionUID = 1L;
    private final @Nullable String prefix;
    private final boolean stderr;

    Print(@Nullable String prefix, boolean stderr) {
      this.prefix = prefix;
      this.stderr = stderr;
    }

    @Override
    public PCollection<Void> expand(PCollection<ChangeEvent> input) {
      return input.apply("PrintChanges", ParDo.of(new PrintFn(prefix, stderr)));
    }
  }

  private static final class PrintFn extends DoFn<ChangeEvent, Void> {
    private static final long serialVersionUID = 1L;
    private final @Nullable String prefix;
    private final boolean stderr;

    PrintFn(@Nullable String prefix, boolean stderr) {
      this.prefix = prefix;
      this.stderr = stderr;
    }

    @ProcessElement
    public void process(@Element ChangeEvent event) {
      PrintStream out = stderr ? System.err : System.out;
      String line = ChangeEventText.format(event);
      out.println(prefix == null ? line : prefix + "> " + line);
    }
  }
}
