package dev.kafkaconnector.io.source.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.source.SourceOptionsParser;
import dev.kafkaconnector.io.source.spec.KafkaSourceException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * A source that outputs only some columns (projection push-down): the physical columns among them
 * in table order, then the selected metadata; the key is not decoded when no key column is
 * selected; every option is still checked against the whole table.
 */
class ProjectedDecoderTest {
  private static final Schema PHYSICAL =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("name", FieldType.STRING)
          .addNullableField("qty", FieldType.INT32)
          .addNullableField("note", FieldType.STRING)
          .build();
  private static final List<MetadataColumn> METADATA =
      List.of(
          new MetadataColumn("part", MetadataKey.PARTITION),
          new MetadataColumn("off", MetadataKey.OFFSET));

  private static Map<String, String> options() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("properties.bootstrap.servers", "localhost:9092");
    options.put("topic", "orders");
    options.put("scan.startup.mode", "earliest-offset");
    options.put("key.format", "json");
    options.put("key.fields", "id");
    options.put("value.format", "csv");
    options.put("value.fields-include", "EXCEPT_KEY");
    return options;
  }

  private static RecordDecoder decoder(String... selected) {
    Set<String> columns = selected.length == 0 ? null : new LinkedHashSet<>(List.of(selected));
    return SourceOptionsParser.parse("t", options(), PHYSICAL, METADATA, List.of(), columns)
        .decoder();
  }

  private static List<Row> decode(RecordDecoder decoder, String key, String value) {
    ConsumerRecord<byte[], byte[]> record =
        new ConsumerRecord<>(
            "orders",
            1,
            42L,
            0L,
            TimestampType.CREATE_TIME,
            -1,
            -1,
            key == null ? null : key.getBytes(StandardCharsets.UTF_8),
            value.getBytes(StandardCharsets.UTF_8),
            new RecordHeaders(),
            Optional.empty());
    List<Row> rows = new ArrayList<>();
    decoder.decode(record, rows::add);
    return rows;
  }

  @Test
  void outputsTheSelectedColumnsInTableOrder() {
    RecordDecoder decoder = decoder("off", "note", "id");
    assertEquals(List.of("id", "note", "off"), decoder.outputSchema().getFieldNames());
    Row row = decode(decoder, "{\"id\": 5}", "five,3,hello").get(0);
    assertEquals(List.of(5L, "hello", 42L), row.getValues());
  }

  @Test
  void withoutAKeyColumnTheKeyIsNotDecoded() {
    // The key is not JSON, the unselected qty is not a number: neither is looked at.
    Row row = decode(decoder("name", "part"), "not json", "five,many,hello").get(0);
    assertEquals(List.of("five", 1), row.getValues());
    // The whole table reads the same record as a bad record.
    KafkaSourceException e =
        assertThrows(
            KafkaSourceException.class, () -> decode(decoder(), "not json", "five,many,hello"));
    assertTrue(e.getMessage().contains("orders"), e.getMessage());
  }

  @Test
  void aColumnTheTableDoesNotHaveIsRefusedNamingIt() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> decoder("id", "price"));
    assertTrue(e.getMessage().contains("'price'"), e.getMessage());
  }

  @Test
  void optionsAreCheckedAgainstTheWholeTable() {
    Map<String, String> options = options();
    options.put("key.fields", "missing");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SourceOptionsParser.parse(
                    "t", options, PHYSICAL, METADATA, List.of(), Set.of("name")));
    assertTrue(e.getMessage().contains("key.fields"), e.getMessage());
  }
}
