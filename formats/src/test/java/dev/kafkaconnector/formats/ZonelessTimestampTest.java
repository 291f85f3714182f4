package dev.kafkaconnector.formats;

import static dev.kafkaconnector.formats.cdc.CdcTesting.decode;
import static dev.kafkaconnector.formats.cdc.CdcTesting.decoder;
import static dev.kafkaconnector.formats.cdc.CdcTesting.encoder;
import static dev.kafkaconnector.formats.cdc.CdcTesting.text;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Beam SQL's {@code TIMESTAMP} columns are Beam {@code DATETIME}s (instants). Every text format
 * reads zone-less timestamp text into them as UTC, and writes them in its timestamp standard.
 */
class ZonelessTimestampTest {
  private static final Schema SCHEMA =
      Schema.builder()
          .addNullableField("id", FieldType.INT32)
          .addNullableField("ts", FieldType.DATETIME)
          .build();

  /** 1999-01-12 14:14:14 UTC. */
  private static final Instant SQL_TEXT = new Instant(916_150_454_000L);

  /** 2020-12-30 12:13:14.123 UTC. */
  private static final Instant ISO_TEXT = new Instant(1_609_330_394_123L);

  private static Instant ts(String format, Map<String, String> options, String message)
      throws FormatException {
    List<Row> rows = decode(decoder(format, SCHEMA, options), message);
    assertEquals(1, rows.size(), message);
    return (Instant) rows.get(0).getValue("ts");
  }

  @Test
  void json() throws Exception {
    assertEquals(SQL_TEXT, ts("json", Map.of(), "{\"id\":1,\"ts\":\"1999-01-12 14:14:14\"}"));
    assertEquals(
        ISO_TEXT,
        ts(
            "json",
            Map.of("json.timestamp-format.standard", "ISO-8601"),
            "{\"id\":1,\"ts\":\"2020-12-30T12:13:14.123\"}"));
    Row row = Row.withSchema(SCHEMA).addValues(1, SQL_TEXT).build();
    String written = text(encoder("json", SCHEMA, Map.of()).encode(row));
    assertEquals("{\"id\":1,\"ts\":\"1999-01-12 14:14:14Z\"}", written);
    // what is written reads back as the same instant
    assertEquals(SQL_TEXT, ts("json", Map.of(), written));
    String iso =
        text(
            encoder("json", SCHEMA, Map.of("json.timestamp-format.standard", "ISO-8601"))
                .encode(row));
    assertEquals("{\"id\":1,\"ts\":\"1999-01-12T14:14:14Z\"}", iso);
  }

  @Test
  void csv() throws Exception {
    assertEquals(SQL_TEXT, ts("csv", Map.of(), "1,1999-01-12 14:14:14"));
    assertEquals(ISO_TEXT, ts("csv", Map.of(), "1,2020-12-30T12:13:14.123"));
    Row row = Row.withSchema(SCHEMA).addValues(1, ISO_TEXT).build();
    String written = text(encoder("csv", SCHEMA, Map.of()).encode(row)).trim();
    assertEquals(ISO_TEXT, ts("csv", Map.of(), written));
  }

  @Test
  void debeziumJson() throws Exception {
    String message =
        "{\"before\":null,\"after\":{\"id\":1,\"ts\":\"1999-01-12 14:14:14\"},\"op\":\"c\"}";
    assertEquals(SQL_TEXT, ts("debezium-json", Map.of(), message));
    String iso =
        "{\"before\":null,\"after\":{\"id\":1,\"ts\":\"2020-12-30T12:13:14.123\"},\"op\":\"c\"}";
    assertEquals(
        ISO_TEXT,
        ts("debezium-json", Map.of("debezium-json.timestamp-format.standard", "ISO-8601"), iso));
  }

  @Test
  void canalJson() throws Exception {
    String message =
        "{\"data\":[{\"id\":\"1\",\"ts\":\"1999-01-12 14:14:14\"}],\"type\":\"INSERT\","
            + "\"database\":\"d\",\"table\":\"t\",\"isDdl\":false}";
    assertEquals(SQL_TEXT, ts("canal-json", Map.of(), message));
  }

  @Test
  void maxwellJson() throws Exception {
    String message =
        "{\"database\":\"d\",\"table\":\"t\",\"type\":\"insert\","
            + "\"data\":{\"id\":1,\"ts\":\"1999-01-12 14:14:14\"}}";
    assertEquals(SQL_TEXT, ts("maxwell-json", Map.of(), message));
  }
}
