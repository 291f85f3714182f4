package dev.kafkaconnector.runners.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

/**
 * The JSON read cases compare like with like: the plain consumer's Jackson tree and our {@code
 * format=json} decoder make the same row of every benchmark record.
 */
class JsonRowsTest {

  @Test
  void plainDecodingAndFormatJsonGiveTheSameRows() throws Exception {
    RowDecoder ours =
        Formats.find("json", "format").createDecoder(JsonRows.SCHEMA, FormatContext.of(Map.of()));
    ObjectMapper mapper = new ObjectMapper();
    SplittableRandom random = new SplittableRandom(42);
    for (long i = 0; i < 1_000; i++) {
      byte[] value = JsonRows.value(i, random);
      List<Row> rows = new ArrayList<>();
      ours.decode(value, rows::add);
      Row plain = JsonRows.decode(mapper, value);
      assertEquals(List.of(plain), rows, new String(value));
      assertEquals(i, plain.getInt64("id"));
      assertEquals(JsonRows.qty(i), plain.getInt32("qty"));
    }
  }
}
