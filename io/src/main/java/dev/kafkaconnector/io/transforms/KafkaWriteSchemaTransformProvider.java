package dev.kafkaconnector.io.transforms;

import com.google.auto.service.AutoService;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorWrite;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code kafka_write} as a Beam schema transform: {@link KafkaConnectorIO#write()} configured by a
 * row ({@link KafkaWriteConfiguration}), for Beam YAML, Python and other SDKs through Beam's Java
 * expansion service. Input {@code input} (rows with a schema); with {@code error_handling: {output:
 * <name>}} the rows that could not be written come out under that name, otherwise there is no
 * output. The options are validated when the transform is built, the input's columns when it is
 * applied; errors name the field or option key.
 */
@AutoService(SchemaTransformProvider.class)
public class KafkaWriteSchemaTransformProvider
    extends KafkaSchemaTransformProvider<KafkaWriteConfiguration> {

  /** The URN of {@code kafka_write}. */
  public static final String IDENTIFIER = "beam:schematransform:dev.kafkaconnector:kafka_write:v1";

  /** The name of the rows' input. */
  public static final String INPUT = "input";

  /** The error output's name in the docs' examples ({@code error_handling: {output: errors}}). */
  public static final String ERRORS = "errors";

  /** Made by the service loader. */
  public KafkaWriteSchemaTransformProvider() {
    super(
        IDENTIFIER,
        "Writes rows to a Kafka topic with the Kafka connector's options (Flink's Kafka SQL"
            + " connector keys). With error_handling, rows that cannot be written come out under"
            + " its output name.",
        List.of(INPUT),
        List.of(ERRORS));
  }

  @Override
  protected SchemaTransform from(KafkaWriteConfiguration configuration) {
    return new WriteTransform(configuration);
  }

  /** The write for {@code configuration}, its options validated. */
  static KafkaConnectorWrite toWrite(KafkaWriteConfiguration configuration) {
    TransformOptions options =
        TransformOptions.sink("kafka_write", configuration)
            .field("format", "format", configuration.getFormat());
    options.errorOutput(configuration.getErrorHandling(), Set.of());
    KafkaConnectorWrite write = KafkaConnectorIO.write().withOptions(options.options());
    Map<String, String> metadata = configuration.getMetadata();
    if (metadata != null) {
      for (Map.Entry<String, String> column : metadata.entrySet()) {
        write = write.withMetadataColumn(column.getKey(), column.getValue());
      }
    }
    KafkaConnectorWrite configured = write;
    return options.validated(configured::validate);
  }

  /** The applied form: the write, with its bad rows routed to the error output when asked. */
  static final class WriteTransform extends SchemaTransform {
    private static final long serialVersionUID = 1L;
    private final KafkaConnectorWrite write;
    private final @Nullable String errorOutput;

    WriteTransform(KafkaWriteConfiguration configuration) {
      this.write = toWrite(configuration);
      this.errorOutput = ErrorHandling.getOutputOrNull(configuration.getErrorHandling());
    }

    KafkaConnectorWrite write() {
      return write;
    }

    @Override
    public PCollectionRowTuple expand(PCollectionRowTuple input) {
      TransformOptions names = new TransformOptions("kafka_write", null);
      if (!input.has(INPUT)) {
        throw names.error(
            "no input named '" + INPUT + "' (inputs: " + input.getAll().keySet() + ")");
      }
      PCollection<Row> rows = input.get(INPUT);
      names.validated(() -> write.validate(rows.getSchema()));
      if (errorOutput == null) {
        rows.apply("KafkaWrite", write);
        return PCollectionRowTuple.empty(input.getPipeline());
      }
      BadRecordErrorHandler<PCollection<Row>> errors =
          input
              .getPipeline()
              .registerBadRecordErrorHandler(BadRecordRows.ofWrite(rows.getSchema()));
      rows.apply("KafkaWrite", write.withBadRecordErrorHandler(errors));
      errors.close();
      return PCollectionRowTuple.of(errorOutput, errors.getOutput());
    }
  }
}
