package dev.kafkaconnector.io.transforms;

import com.google.auto.service.AutoService;
import dev.kafkaconnector.io.KafkaConnectorIO;
import dev.kafkaconnector.io.KafkaConnectorRead;
import dev.kafkaconnector.schema.SqlType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.transforms.SchemaTransform;
import org.apache.beam.sdk.schemas.transforms.SchemaTransformProvider;
import org.apache.beam.sdk.schemas.transforms.providers.ErrorHandling;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PCollectionRowTuple;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@code kafka_read} as a Beam schema transform: {@link KafkaConnectorIO#read()} configured by a
 * row ({@link KafkaReadConfiguration}), so that Beam YAML, Python and other SDKs can use the
 * connector through Beam's Java expansion service, and Java code can look it up by URN. No input;
 * outputs {@code output} (the rows) and, with {@code error_handling: {output: <name>}}, the bad
 * records under that name. The configuration is validated when the transform is built, without a
 * broker; errors name the field or option key.
 */
@AutoService(SchemaTransformProvider.class)
public class KafkaReadSchemaTransformProvider
    extends KafkaSchemaTransformProvider<KafkaReadConfiguration> {

  /** The URN of {@code kafka_read}. */
  public static final String IDENTIFIER = "beam:schematransform:dev.kafkaconnector:kafka_read:v1";

  /** The name of the rows' output. */
  public static final String OUTPUT = "output";

  /** The error output's name in the docs' examples ({@code error_handling: {output: errors}}). */
  public static final String ERRORS = "errors";

  /** Made by the service loader. */
  public KafkaReadSchemaTransformProvider() {
    super(
        IDENTIFIER,
        "Reads a Kafka topic as rows with the Kafka connector's options (Flink's Kafka SQL"
            + " connector keys). Outputs 'output' and, with error_handling, the records that could"
            + " not be decoded.",
        List.of(),
        List.of(OUTPUT, ERRORS));
  }

  @Override
  protected SchemaTransform from(KafkaReadConfiguration configuration) {
    return new ReadTransform(configuration);
  }

  /** The read for {@code configuration}, validated. */
  static KafkaConnectorRead toRead(KafkaReadConfiguration configuration) {
    TransformOptions options =
        TransformOptions.source("kafka_read", configuration)
            .field("format", "format", configuration.getFormat());
    options.errorOutput(configuration.getErrorHandling(), Set.of(OUTPUT));
    KafkaConnectorRead read = KafkaConnectorIO.read().withOptions(options.options());
    String columns = configuration.getSchema();
    if (columns != null) {
      Schema schema;
      try {
        schema = SqlType.parseColumns(columns);
      } catch (IllegalArgumentException e) {
        throw options.error("field 'schema' is not a column list: " + e.getMessage());
      }
      read = read.withSchema(schema);
    }
    Map<String, String> metadata = configuration.getMetadata();
    if (metadata != null) {
      for (Map.Entry<String, String> column : metadata.entrySet()) {
        read = read.withMetadataColumn(column.getKey(), column.getValue());
      }
    }
    KafkaConnectorRead configured = read;
    return options.validated(configured::validate);
  }

  /** The applied form: the read, with its bad records routed to the error output when asked. */
  static final class ReadTransform extends SchemaTransform {
    private static final long serialVersionUID = 1L;
    private final KafkaConnectorRead read;
    private final @Nullable String errorOutput;

    ReadTransform(KafkaReadConfiguration configuration) {
      this.read = toRead(configuration);
      this.errorOutput = ErrorHandling.getOutputOrNull(configuration.getErrorHandling());
    }

    KafkaConnectorRead read() {
      return read;
    }

    @Override
    public PCollectionRowTuple expand(PCollectionRowTuple input) {
      Pipeline pipeline = input.getPipeline();
      if (errorOutput == null) {
        return PCollectionRowTuple.of(OUTPUT, pipeline.apply("KafkaRead", read));
      }
      BadRecordErrorHandler<PCollection<Row>> errors =
          pipeline.registerBadRecordErrorHandler(BadRecordRows.ofRead());
      PCollection<Row> rows = pipeline.apply("KafkaRead", read.withBadRecordErrorHandler(errors));
      errors.close();
      return PCollectionRowTuple.of(OUTPUT, rows, errorOutput, errors.getOutput());
    }
  }
}
