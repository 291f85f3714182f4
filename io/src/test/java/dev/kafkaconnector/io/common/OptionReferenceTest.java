package dev.kafkaconnector.io.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class OptionReferenceTest {

  @Test
  void readmeHoldsTheGeneratedReference() throws Exception {
    Path readme = Path.of("..", "README.md");
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    assertEquals(
        OptionReference.replaceIn(text),
        text,
        "README.md's option reference is out of date; regenerate it with: mvn -q -o -pl io"
            + " exec:java -Dexec.mainClass=dev.kafkaconnector.io.common.OptionReference"
            + " -Dexec.args=README.md -Dexec.classpathScope=compile");
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
  void everyTablePropertyIsListed() throws Exception {
    String text = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8);
    assertTrue(text.contains(OptionReference.SQL_BEGIN), "README has no SQL table property list");
    String list = OptionReference.sqlTableProperties();
    for (var option : KafkaConnectorOptions.allOptions()) {
      assertTrue(list.contains("`" + option.key() + "`"), option.key());
    }
    for (var option : KafkaConnectorOptions.sqlTableOptions()) {
      assertTrue(list.contains("`" + option.key() + "`"), option.key());
    }
  }
}
