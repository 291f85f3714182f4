package dev.kafkaconnector.io.testformat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.source.SourceOptionsParser;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

class UserFormatTest {
  private static final Schema SCHEMA = Schema.builder().addStringField("text").build();

  private static Map<String, String> options(String... more) {
    Map<String, String> options =
        new java.util.HashMap<>(
            Map.of(
                "properties.bootstrap.servers",
                "b:9092",
                "topic",
                "t",
                "format",
                "reversed",
                "scan.startup.mode",
                "earliest-offset"));
    for (int i = 0; i < more.length; i += 2) {
      options.put(more[i], more[i + 1]);
    }
    return options;
  }

  @Test
  void aFormatFromAnotherJarIsFoundWithItsOptions() {
    var parsed =
        SourceOptionsParser.parse("id", options("reversed.upper-case", "true"), SCHEMA, List.of());
    List<Row> rows = new ArrayList<>();
    parsed
        .decoder()
        .decode(
            new ConsumerRecord<>(
                "t",
                0,
                0L,
                0L,
                TimestampType.CREATE_TIME,
                -1,
                3,
                null,
                "abc".getBytes(StandardCharsets.UTF_8),
                new RecordHeaders(),
                Optional.empty()),
            rows::add);
    assertEquals("CBA", rows.get(0).getString("text"));
  }

  @Test
  void itsOptionsAreValidatedToo() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SourceOptionsParser.parse("id", options("reversed.nope", "1"), SCHEMA, List.of()));
    assertTrue(e.getMessage().contains("'reversed.nope'"), e.getMessage());
  }
}
