package dev.kafkaconnector.io.cdc.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.change.TableId;
import org.junit.jupiter.api.Test;

class TopicMappingTest {
  static final TableId T1 = TableId.of("mydb", "mytable1");
  static final TableId T2 = TableId.of("mydb", "mytable2");
  static final TableId T3 = TableId.of("other", "orders");

  @Test
  void withoutMappingEachTableGoesToTheTopicOfItsId() {
    TopicMapping none = TopicMapping.of(null, null);
    assertEquals("mydb.mytable1", none.topicFor(T1));
    assertEquals("ns.sch.tbl", none.topicFor(TableId.of("ns", "sch", "tbl")));
    assertEquals("a-topic.name", none.topicFor(TableId.of("a-topic.name")));
  }

  @Test
  void aFixedTopicTakesEverything() {
    TopicMapping fixed = TopicMapping.of("all", "mydb.mytable1:t1");
    assertEquals("all", fixed.topicFor(T1));
    assertEquals("all", fixed.topicFor(T3));
  }

  @Test
  void tablesJoinedByCommaShareATopic() {
    TopicMapping m = TopicMapping.of(null, "mydb.mytable1,mydb.mytable2:mytable");
    assertEquals("mytable", m.topicFor(T1));
    assertEquals("mytable", m.topicFor(T2));
    assertEquals("other.orders", m.topicFor(T3), "an unmatched table goes to its id's topic");
  }

  @Test
  void rulesSeparatedBySemicolon() {
    TopicMapping m = TopicMapping.of(null, "mydb.mytable1:topic1;mydb.mytable2:topic2;");
    assertEquals("topic1", m.topicFor(T1));
    assertEquals("topic2", m.topicFor(T2));
  }

  @Test
  void partsAreRegularExpressionsMatchedInFullAndTheFirstRuleWins() {
    TopicMapping m =
        TopicMapping.of(null, "mydb.mytable1:first;mydb.mytable\\.*:tables;\\.*.\\.*:rest");
    assertEquals("first", m.topicFor(T1));
    assertEquals("tables", m.topicFor(T2));
    assertEquals("rest", m.topicFor(T3));
    // matched in full: "mytable" alone does not match "mytable1"
    assertEquals("mydb.mytable1", TopicMapping.of(null, "mydb.mytable:x").topicFor(T1));
    // a pattern matches ids with as many parts
    assertEquals("x", TopicMapping.of(null, "orders:x").topicFor(TableId.of("orders")));
    assertEquals("other.orders", TopicMapping.of(null, "orders:x").topicFor(T3));
    assertEquals("x", TopicMapping.of(null, "n.s.t:x").topicFor(TableId.of("n", "s", "t")));
  }

  @Test
  void badTextFailsNamingTheOption() {
    for (String bad :
        new String[] {
          "mydb.mytable1",
          "mydb.mytable1:",
          ":topic",
          "mydb.(:t",
          "a.b.c.d:t",
          "mydb.t1:bad topic",
          "  ",
          "a..b:t"
        }) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> TopicMapping.of(null, bad), bad);
      assertTrue(e.getMessage().contains("'sink.tableId-to-topic.mapping'"), e.getMessage());
    }
    IllegalArgumentException topic =
        assertThrows(IllegalArgumentException.class, () -> TopicMapping.of("a;b", null));
    assertTrue(topic.getMessage().contains("option 'topic'"), topic.getMessage());
  }
}
