package dev.kafkaconnector.io.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SharedPerJvmTest {
  @Test
  void theLastReleaseClosesAndALaterAcquireOpensAgain() {
    SharedPerJvm<String, StringBuilder> shared = new SharedPerJvm<>();
    AtomicInteger opened = new AtomicInteger();
    List<StringBuilder> closed = new ArrayList<>();
    StringBuilder first =
        shared.acquire(
            "a",
            k -> {
              opened.incrementAndGet();
              return new StringBuilder(k);
            });
    StringBuilder second =
        shared.acquire(
            "a",
            k -> {
              opened.incrementAndGet();
              return new StringBuilder(k);
            });
    assertSame(first, second);
    assertEquals(1, opened.get());
    shared.release("a", closed::add);
    assertEquals(List.of(), closed, "one reference left");
    shared.release("a", closed::add);
    assertEquals(List.of(first), closed);
    StringBuilder again = shared.acquire("a", StringBuilder::new);
    assertNotSame(first, again);
    shared.release("b", closed::add); // unknown keys are ignored
    assertEquals(1, closed.size());
  }

  @Test
  void keysAreIndependent() {
    SharedPerJvm<String, String> shared = new SharedPerJvm<>();
    assertEquals("a!", shared.acquire("a", k -> k + "!"));
    assertEquals("b!", shared.acquire("b", k -> k + "!"));
    List<String> closed = new ArrayList<>();
    shared.release("a", closed::add);
    assertEquals(List.of("a!"), closed);
  }
}
