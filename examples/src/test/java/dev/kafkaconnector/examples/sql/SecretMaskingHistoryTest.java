package dev.kafkaconnector.examples.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A JLine reader with the shell's history: the line read is as typed, the history masked. */
class SecretMaskingHistoryTest {
  @TempDir Path dir;

  @Test
  void theLineRunsAsTypedAndTheHistoryFileHoldsItMasked() throws Exception {
    String typed =
        "CREATE TABLE t (id INT) WITH ('properties.sasl.jaas.config' ="
            + " 'm required username=\"alice\" password=\"canary-1\";')";
    Path file = dir.resolve("history");
    try (Terminal terminal =
        TerminalBuilder.builder()
            .dumb(true)
            .streams(
                new ByteArrayInputStream((typed + "\n").getBytes(StandardCharsets.UTF_8)),
                new ByteArrayOutputStream())
            .build()) {
      LineReader reader =
          LineReaderBuilder.builder()
              .terminal(terminal)
              .history(new SecretMaskingHistory())
              .variable(LineReader.HISTORY_FILE, file)
              .build();
      assertEquals(typed, reader.readLine("> "));
      String recalled = reader.getHistory().get(reader.getHistory().last());
      assertEquals(typed.replace("canary-1", "******"), recalled);
    }
    String saved = Files.readString(file);
    assertFalse(saved.contains("canary-1"), saved);
    assertTrue(saved.contains("password=\"******\""), saved);
  }
}
