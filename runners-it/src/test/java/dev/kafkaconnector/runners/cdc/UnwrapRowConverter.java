package dev.kafkaconnector.runners.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.io.cdc.KafkaPayloadConverter;
import java.io.IOException;

/**
 * A user's payload converter, as a job would bring it in its jar: takes the row out of a {@code
 * {"row": {...}}} wrapper and drops messages marked {@code "skip": true}.
 */
public class UnwrapRowConverter implements KafkaPayloadConverter {
  private static final long serialVersionUID = 1L;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Override
  public byte[] convert(byte[] payload) {
    try {
      JsonNode node = MAPPER.readTree(payload);
      if (node.path("skip").asBoolean(false)) {
        return null;
      }
      return node.has("row") ? MAPPER.writeValueAsBytes(node.get("row")) : payload;
    } catch (IOException e) {
      return payload; // not JSON: the source's error policy takes it
    }
  }
}
