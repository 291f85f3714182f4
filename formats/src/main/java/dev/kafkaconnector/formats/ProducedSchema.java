package dev.kafkaconnector.formats;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.beam.sdk.schemas.Schema;

/**
 * The schema of the rows a decoder emits: the columns it was asked to fill followed by the format
 * metadata requested in its {@link FormatContext}, each named by its metadata key.
 */
public final class ProducedSchema {
  private ProducedSchema() {}

  /**
   * @throws IllegalArgumentException when a requested key is not metadata of the format
   */
  public static Schema of(Schema physical, FormatFactory format, List<String> metadataKeys) {
    if (metadataKeys.isEmpty()) {
      return physical;
    }
    Map<String, FormatMetadata> readable =
        format.readableMetadata().stream()
            .collect(Collectors.toMap(FormatMetadata::key, Function.identity()));
    Schema.Builder builder = Schema.builder();
    physical.getFields().forEach(builder::addField);
    for (String key : metadataKeys) {
      FormatMetadata metadata = readable.get(key);
      if (metadata == null) {
        throw new IllegalArgumentException(
            "Format '"
                + format.identifier()
                + "' has no metadata '"
                + key
                + "'. It offers: "
                + readable.keySet());
      }
      builder.addField(key, metadata.type());
    }
    return builder.build();
  }
}
