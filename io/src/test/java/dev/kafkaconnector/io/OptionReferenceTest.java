package dev.kafkaconnector.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class OptionReferenceTest {
  private static final Path ROOT = Path.of("..");

  @Test
  void theDocsHoldTheGeneratedReference() throws Exception {
    boolean options = false;
    boolean tableProperties = false;
    for (Path file : OptionReference.generatedFiles(ROOT)) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      options |= text.contains(OptionReference.BEGIN);
      tableProperties |= text.contains(OptionReference.SQL_BEGIN);
      assertEquals(
          OptionReference.replaceIn(text),
          text,
          file
              + "'s generated part is out of date; regenerate it with: mvn -q -o -pl io exec:java"
              + " -Dexec.mainClass=dev.kafkaconnector.io.OptionReference -Dexec.args=."
              + " -Dexec.classpathScope=compile");
    }
    assertTrue(options, "no Markdown file holds the option reference");
    assertTrue(tableProperties, "no Markdown file holds the SQL table property list");
  }

  @Test
  void everySourceOptionIsDocumented() {
    String markdown = OptionReference.markdown();
    for (var option : KafkaConnectorOptions.sourceOptions()) {
      assertTrue(markdown.contains("`" + option.key() + "`"), option.key());
    }
    assertTrue(markdown.contains("`raw.charset`"));
  }

  @Test
  void everyTablePropertyIsListed() {
    String list = OptionReference.sqlTableProperties();
    for (var option : KafkaConnectorOptions.allOptions()) {
      assertTrue(list.contains("`" + option.key() + "`"), option.key());
    }
    for (var option : KafkaConnectorOptions.sqlTableOptions()) {
      assertTrue(list.contains("`" + option.key() + "`"), option.key());
    }
  }
}
