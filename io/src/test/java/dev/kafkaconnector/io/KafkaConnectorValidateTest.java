package dev.kafkaconnector.io;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.beam.sdk.schemas.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The four builders validate the same way: {@code validate()} returns the builder or names the key.
 */
class KafkaConnectorValidateTest {
  private static final Schema SCHEMA = Schema.builder().addStringField("line").build();

  private static KafkaConnectorRead read() {
    return KafkaConnectorIO.read()
        .withBootstrapServers("broker:9092")
        .withGroupId("validate-test")
        .withTopics("a")
        .withFormat("raw");
  }

  private static KafkaConnectorWrite write() {
    return KafkaConnectorIO.write()
        .withBootstrapServers("broker:9092")
        .withTopic("out")
        .withFormat("raw");
  }

  private static KafkaConnectorReadChanges readChanges() {
    return KafkaConnectorIO.readChanges()
        .withOption("properties.bootstrap.servers", "broker:9092")
        .withOption("topic", "changes")
        .withOption("properties.group.id", "validate-test")
        .withOption("value.format", "debezium-json");
  }

  private static KafkaConnectorWriteChanges writeChanges() {
    return KafkaConnectorIO.writeChanges()
        .withBootstrapServers("broker:9092")
        .withValueFormat("debezium-json");
  }

  private static void failsNaming(String key, Executable validation) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, validation);
    assertTrue(e.getMessage().contains(key), () -> "expected '" + key + "' in: " + e.getMessage());
  }

  @Test
  void validBuildersReturnThemselves() {
    KafkaConnectorRead read = read().withSchema(SCHEMA);
    assertSame(read, read.validate());
    KafkaConnectorRead inferred = read();
    assertSame(inferred, inferred.validate());
    KafkaConnectorWrite write = write();
    assertSame(write, write.validate());
    assertSame(write, write.validate(SCHEMA));
    KafkaConnectorReadChanges readChanges = readChanges();
    assertSame(readChanges, readChanges.validate());
    KafkaConnectorWriteChanges writeChanges = writeChanges();
    assertSame(writeChanges, writeChanges.validate());
  }

  @Test
  void unknownKeysAreNamedByAllFour() {
    String key = "scan.startup.mood";
    failsNaming(key, () -> read().withSchema(SCHEMA).withOption(key, "x").validate());
    failsNaming(key, () -> read().withOption(key, "x").validate());
    failsNaming(key, () -> write().withOption(key, "x").validate());
    failsNaming(key, () -> write().withOption(key, "x").validate(SCHEMA));
    failsNaming(key, () -> readChanges().withOption(key, "x").validate());
    failsNaming(key, () -> writeChanges().withOption(key, "x").validate());
  }

  @Test
  void badValuesAreNamedByAllFour() {
    failsNaming(
        "scan.startup.mode", () -> read().withOption("scan.startup.mode", "soon").validate());
    failsNaming(
        "sink.delivery-guarantee",
        () -> write().withOption("sink.delivery-guarantee", "maybe").validate());
    failsNaming(
        "scan.startup.mode",
        () -> readChanges().withOption("scan.startup.mode", "soon").validate());
    failsNaming(
        "sink.delivery-guarantee",
        () -> writeChanges().withOption("sink.delivery-guarantee", "maybe").validate());
  }

  @Test
  void readWithoutGroupIdNamesTheStartupMode() {
    KafkaConnectorRead noGroup =
        KafkaConnectorIO.read()
            .withBootstrapServers("broker:9092")
            .withTopics("a")
            .withFormat("raw");
    failsNaming("properties.group.id", noGroup::validate);
  }

  @Test
  void writeChecksTheInputColumnsOnlyWithTheInput() {
    KafkaConnectorWrite keyed = write().withPrimaryKey("missing");
    failsNaming("missing", () -> keyed.validate(SCHEMA));
  }
}
