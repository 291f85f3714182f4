package dev.kafkaconnector.io.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kafkaconnector.schema.change.TableId;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouteRulesTest {
  private static RouteRules rules(RouteDefinition... routes) {
    return RouteRules.of(List.of(routes));
  }

  private static RouteDefinition route(String source, String sink, String symbol) {
    return new RouteDefinition("route[0]", source, sink, symbol, null);
  }

  @Test
  void listOfTablesToOne() {
    RouteRules rules = rules(route("mydb.mytable1,mydb.mytable2", "mytable1", null));
    assertEquals(List.of(TableId.of("mytable1")), rules.route(TableId.of("mydb", "mytable1")));
    assertEquals(List.of(TableId.of("mytable1")), rules.route(TableId.of("mydb", "mytable2")));
    TableId other = TableId.of("mydb", "mytable3");
    assertEquals(List.of(other), rules.route(other));
  }

  @Test
  void dotSeparatesPartsAndEscapedDotIsAnyCharacter() {
    assertEquals("db\\.orders_.*", RouteRules.toRegex("db.orders_\\.*"));
    RouteRules rules = rules(route("db.orders_\\.*", "ods.<>", "<>"));
    assertEquals(List.of(TableId.of("ods", "orders_7")), rules.route(TableId.of("db", "orders_7")));
    // '.' is the separator, not any character: 'dbX' does not match 'db'
    TableId notMatched = TableId.of("dbX", "orders_1");
    assertEquals(List.of(notMatched), rules.route(notMatched));
  }

  @Test
  void oneTablePatternsMatchTopicNames() {
    RouteRules rules = rules(route("topic0", "db.table0", null));
    assertEquals(List.of(TableId.of("db", "table0")), rules.route(TableId.of("topic0")));
  }

  @Test
  void everyMatchingRuleApplies() {
    RouteRules rules =
        rules(
            route("db.a", "x.a", null), route("db\\.*", "y.<>", "<>"), route("db.a", "x.a", null));
    assertEquals(
        List.of(TableId.of("x", "a"), TableId.of("y", "a")), rules.route(TableId.of("db", "a")));
  }
}
