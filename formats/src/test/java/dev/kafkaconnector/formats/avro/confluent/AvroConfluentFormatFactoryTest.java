package dev.kafkaconnector.formats.avro.confluent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.formats.FormatContext;
import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.RowDecoder;
import dev.kafkaconnector.formats.options.Configuration;
import java.util.HashMap;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.junit.jupiter.api.Test;

/**
 * The options and the framing of {@code avro-confluent} that need no registry: required and
 * malformed options named, credentials never in messages, the subject's default, and messages that
 * are not in the Confluent wire format rejected before any registry request. The registry cases are
 * in the integration suite (AbstractAvroConfluentITCase) against a real registry.
 */
class AvroConfluentFormatFactoryTest {
  private static final Schema COLUMNS = Schema.builder().addInt64Field("id").build();
  private static final AvroConfluentFormatFactory FORMAT = new AvroConfluentFormatFactory();

  private static FormatContext context(Map<String, String> options) {
    return new FormatContext(Configuration.of(options), "value");
  }

  @Test
  void isFoundByItsIdentifier() {
    assertEquals(
        AvroConfluentFormatFactory.class, Formats.find("avro-confluent", "format").getClass());
  }

  @Test
  void debeziumAvroConfluentHasTheSameOptionsUnderItsPrefixAndNamesThem() {
    DebeziumAvroConfluentFormatFactory debezium = new DebeziumAvroConfluentFormatFactory();
    assertEquals(
        DebeziumAvroConfluentFormatFactory.class,
        Formats.find("debezium-avro-confluent", "format").getClass());
    assertTrue(
        debezium.options().stream()
            .anyMatch(
                o ->
                    o.key().equals("debezium-avro-confluent.basic-auth.user-info")
                        && o.isSecret()));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> debezium.createDecoder(COLUMNS, context(Map.of())));
    assertTrue(
        e.getMessage().contains("'debezium-avro-confluent.url' is required"), e.getMessage());
  }

  @Test
  void theUrlIsRequiredAndChecked() {
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class, () -> FORMAT.createDecoder(COLUMNS, context(Map.of())));
    assertTrue(missing.getMessage().contains("'avro-confluent.url' is required"));
    IllegalArgumentException bad =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                FORMAT.createDecoder(
                    COLUMNS, context(Map.of("avro-confluent.url", "ftp://u:hunter2@host/"))));
    assertTrue(bad.getMessage().contains("'avro-confluent.url'"), bad.getMessage());
    assertFalse(bad.getMessage().contains("hunter2"), bad.getMessage());
  }

  @Test
  void credentialsAreCheckedWithoutShowingThem() {
    Map<String, String> options = new HashMap<>();
    options.put("avro-confluent.url", "http://user:hunter2@localhost:1");
    options.put("avro-confluent.basic-auth.credentials-source", "USER_INFO");
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> RegistrySettings.of(Configuration.of(options)));
    assertTrue(e.getMessage().contains("'avro-confluent.basic-auth.user-info' is not set"));
    options.put("avro-confluent.basic-auth.credentials-source", "URL");
    RegistrySettings settings = RegistrySettings.of(Configuration.of(options));
    assertEquals("schema registry [http://localhost:1/]", settings.toString());
    assertTrue(settings.authorization().startsWith("Basic "));
    options.put("avro-confluent.properties.schema.registry.mystery", "1");
    IllegalArgumentException unknown =
        assertThrows(
            IllegalArgumentException.class, () -> RegistrySettings.of(Configuration.of(options)));
    assertTrue(
        unknown.getMessage().contains("avro-confluent.properties.schema.registry.mystery"),
        unknown.getMessage());
  }

  @Test
  void theSubjectDefaultsToTheTopicAndSide() {
    FormatContext context = context(Map.of("avro-confluent.url", "http://localhost:1"));
    assertEquals(
        "orders-value", AvroConfluentFormatFactory.subject(context.withTopic("orders"), "write"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> FORMAT.createEncoder(COLUMNS, context));
    assertTrue(e.getMessage().contains("'avro-confluent.subject' is required"), e.getMessage());
  }

  @Test
  void messagesOutsideTheWireFormatAreBadRecords() {
    RowDecoder decoder =
        FORMAT.createDecoder(COLUMNS, context(Map.of("avro-confluent.url", "http://localhost:1")));
    FormatException shortMessage =
        assertThrows(FormatException.class, () -> decoder.decode(new byte[] {0, 0}, row -> {}));
    assertTrue(shortMessage.getMessage().contains("fewer than the 5"), shortMessage.getMessage());
    FormatException magic =
        assertThrows(
            FormatException.class, () -> decoder.decode(new byte[] {7, 0, 0, 0, 1, 2}, row -> {}));
    assertTrue(magic.getMessage().contains("unknown magic byte 7"), magic.getMessage());
    assertThrows(FormatException.class, () -> decoder.decode(null, row -> {}));
  }

  @Test
  void anUnreachableRegistryFailsInsteadOfSkipping() {
    RowDecoder decoder =
        FORMAT.createDecoder(COLUMNS, context(Map.of("avro-confluent.url", "http://127.0.0.1:1")));
    RegistryException e =
        assertThrows(
            RegistryException.class,
            () -> decoder.decode(new byte[] {0, 0, 0, 0, 1, 2}, row -> {}));
    assertTrue(e.getMessage().contains("could not be reached"), e.getMessage());
  }
}
