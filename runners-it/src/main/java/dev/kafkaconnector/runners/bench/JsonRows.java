package dev.kafkaconnector.runners.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;

/**
 * The JSON cases' records: objects of six fields (about 170 bytes) and the row they decode to, the
 * same for {@code format=json} and for the plain consumer's Jackson tree.
 */
final class JsonRows {
  /** The columns of a JSON benchmark record. */
  static final Schema SCHEMA =
      Schema.builder()
          .addInt64Field("id")
          .addStringField("name")
          .addDoubleField("price")
          .addInt32Field("qty")
          .addBooleanField("active")
          .addStringField("note")
          .build();

  private static final char[] LETTERS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();

  private JsonRows() {}

  /** The {@code qty} of record {@code i}: what a complete read sums up. */
  static int qty(long i) {
    return (int) (i % 1000);
  }

  /** The JSON value of record {@code i}. */
  static byte[] value(long i, SplittableRandom random) {
    StringBuilder json = new StringBuilder(200);
    json.append("{\"id\":")
        .append(i)
        .append(",\"name\":\"")
        .append(letters(random, 32))
        .append("\",\"price\":")
        .append(random.nextInt(1_000_000) / 100.0)
        .append(",\"qty\":")
        .append(qty(i))
        .append(",\"active\":")
        .append(i % 3 != 0)
        .append(",\"note\":\"")
        .append(letters(random, 64))
        .append("\"}");
    return json.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Decodes a value as a plain consumer would: a Jackson tree, then a row of {@link #SCHEMA}.
   *
   * @throws IOException when the value is not JSON
   */
  static Row decode(ObjectMapper mapper, byte[] value) throws IOException {
    JsonNode node = mapper.readTree(value);
    return Row.withSchema(SCHEMA)
        .addValues(
            node.get("id").asLong(),
            node.get("name").asText(),
            node.get("price").asDouble(),
            node.get("qty").asInt(),
            node.get("active").asBoolean(),
            node.get("note").asText())
        .build();
  }

  private static String letters(SplittableRandom random, int n) {
    char[] chars = new char[n];
    for (int c = 0; c < n; c++) {
      chars[c] = LETTERS[random.nextInt(LETTERS.length)];
    }
    return new String(chars);
  }
}
