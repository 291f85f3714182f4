package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LingeringTransactionsTest {
  @Test
  void onlyIdsOfThePrefixBeyondTheShardsAreLingering() {
    assertEquals(
        List.of("orders-4", "orders-12"),
        LingeringTransactions.outsideShards(
            "orders",
            4,
            List.of(
                "orders-0",
                "orders-3",
                "orders-4",
                "orders-12",
                "orders-x",
                "orders.v2-9",
                "other-7",
                "orders-5-extra")));
    // Regex characters in a prefix are literal.
    assertEquals(
        List.of("a.b-2"),
        LingeringTransactions.outsideShards("a.b", 1, List.of("a.b-2", "aXb-2", "a.b-0")));
  }
}
