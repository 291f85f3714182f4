package dev.kafkaconnector.io.infer;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.options.Configuration;
import dev.kafkaconnector.io.common.FormatSelection;
import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The columns a read's value format can tell without sampling (a schema registry's latest schema of
 * the subject, see {@link dev.kafkaconnector.formats.FormatFactory#declaredSchema}), for {@code
 * read()} without {@code withSchema} and {@code KafkaConnectorIO.inferSchema}.
 */
public final class DeclaredSchemas {
  private DeclaredSchemas() {}

  /**
   * The value format's declared columns, or empty when it declares none (the connector then
   * samples).
   *
   * @throws IllegalArgumentException naming the option when the format needs a subject or topic it
   *     is not given, or a key format is set (its columns need a schema)
   */
  public static Optional<Schema> of(Map<String, String> options) {
    FormatSelection formats = new FormatSelection(options);
    FormatContext context =
        new FormatContext(formats.valueOptions(), "value").withTopic(singleTopic(options));
    Optional<Schema> declared = formats.valueFormat().declaredSchema(context);
    if (declared.isPresent() && formats.keyFormat() != null) {
      throw new IllegalArgumentException(
          "No schema: format '"
              + formats.valueFormat().identifier()
              + "' gives the value's columns, but with 'key.format' the key's columns need"
              + " withSchema(Schema)");
    }
    return declared;
  }

  /** The one topic of option {@code topic}, or null for several or a pattern. */
  private static @Nullable String singleTopic(Map<String, String> options) {
    String topics = Configuration.of(options).get(KafkaConnectorOptions.TOPIC);
    if (topics == null || topics.contains(";") || topics.isBlank()) {
      return null;
    }
    return topics.trim();
  }
}
