package dev.kafkaconnector.io.source.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.options.Configuration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorPolicyTest {
  @Test
  void defaultsFailFast() {
    assertEquals(ErrorPolicy.failFast(), ErrorPolicy.from(Configuration.of(Map.of())));
  }

  @Test
  void readsBothOptions() {
    assertEquals(
        new ErrorPolicy(true, 30),
        ErrorPolicy.from(
            Configuration.of(
                Map.of(
                    "ingestion.ignore-errors",
                    "true",
                    "ingestion.error-tolerance.max-count",
                    "30"))));
  }

  @Test
  void rejectsNegativeCountsOtherThanMinusOne() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ErrorPolicy.from(
                    Configuration.of(Map.of("ingestion.error-tolerance.max-count", "-2"))));
    assertTrue(e.getMessage().contains("ingestion.error-tolerance.max-count"), e.getMessage());
  }
}
