package dev.kafkaconnector.io.common.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableHintOptionsTest {

  @Test
  void aHintedNameSplitsBackIntoTableAndOptions() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("scan.startup.mode", "timestamp");
    options.put("scan.startup.timestamp-millis", "1700000000000");
    options.put("odd", "it's");
    String name = TableHintOptions.hintedName("orders-v1", options);
    assertEquals(
        "orders-v1 /*+ OPTIONS('scan.startup.mode'='timestamp',"
            + " 'scan.startup.timestamp-millis'='1700000000000', 'odd'='it''s') */",
        name);
    TableHintOptions.Hinted hinted = TableHintOptions.split(name);
    assertEquals("orders-v1", hinted.table());
    assertEquals(options, hinted.options());
    assertEquals(
        List.copyOf(options.keySet()), List.copyOf(hinted.options().keySet()), "order kept");
    assertNull(TableHintOptions.split("orders"));
  }

  @Test
  void aBadHintNamesWhatIsWrongWithoutItsValues() {
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableHintOptions.parse("OPTIONS('a'='secret1', 'a'='secret2')"));
    assertTrue(twice.getMessage().contains("'a' is given twice"), twice.getMessage());
    IllegalArgumentException unclosed =
        assertThrows(
            IllegalArgumentException.class, () -> TableHintOptions.parse("OPTIONS('a'='b' 'c')"));
    assertTrue(unclosed.getMessage().contains("ends with ')'"), unclosed.getMessage());
    assertTrue(!unclosed.getMessage().contains("'c'"), unclosed.getMessage());
    IllegalArgumentException empty =
        assertThrows(IllegalArgumentException.class, () -> TableHintOptions.parse("OPTIONS()"));
    assertTrue(empty.getMessage().contains("quoted key"), empty.getMessage());
  }

  @Test
  void optionsTooLongForANameAreKeptUnderADigest() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("scan.startup.mode", "specific-offsets");
    options.put("scan.startup.specific-offsets", "partition:0,offset:1;partition:1,offset:1");
    options.put("scan.bounded.mode", "latest-offset");
    String name = TableHintOptions.hintedName("orders", options);
    assertTrue(name.length() <= 128, name);
    assertTrue(name.startsWith("orders /*+ OPTIONS#"), name);
    assertEquals(name, TableHintOptions.hintedName("orders", options), "the same key each time");
    TableHintOptions.Hinted hinted = TableHintOptions.split(name);
    assertEquals("orders", hinted.table());
    assertEquals(options, hinted.options());
  }
}
