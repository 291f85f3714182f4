package dev.kafkaconnector.io.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.MetadataColumn;
import dev.kafkaconnector.io.common.MetadataKey;
import dev.kafkaconnector.io.common.StartupMode;
import dev.kafkaconnector.io.source.SourceOptionsParser.ParsedSource;
import dev.kafkaconnector.io.source.spec.OffsetSpec;
import dev.kafkaconnector.io.source.spec.SourceSpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.util.SerializableUtils;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SourceOptionsParserTest {

  private static final Schema PHYSICAL = Schema.builder().addStringField("line").build();
  private static final String JAAS =
      "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\""
          + " password=\"jaas-s3cret-Xyz\";";
  private static final String KEYSTORE_PASSWORD = "keystore-pw-Q9w8";

  private static Map<String, String> minimal() {
    Map<String, String> m = new HashMap<>();
    m.put("properties.bootstrap.servers", "broker1:9092,broker2:9092");
    m.put("properties.group.id", "g");
    m.put("topic", "orders");
    m.put("format", "raw");
    return m;
  }

  private static Map<String, String> with(String... keyValues) {
    Map<String, String> m = minimal();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put(keyValues[i], keyValues[i + 1]);
    }
    return m;
  }

  private static Map<String, String> without(String key) {
    Map<String, String> m = minimal();
    m.remove(key);
    return m;
  }

  private static ParsedSource parse(Map<String, String> options) {
    return SourceOptionsParser.parse("reader-1", options, PHYSICAL, List.of());
  }

  /** Asserts parsing fails and the message contains every fragment. */
  private static IllegalArgumentException fails(Map<String, String> options, String... fragments) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(options));
    for (String fragment : fragments) {
      assertTrue(e.getMessage().contains(fragment), "'" + fragment + "' not in: " + e.getMessage());
    }
    return e;
  }

  // ---- valid ----

  @Test
  void minimalConfig() {
    ParsedSource parsed = parse(minimal());
    SourceSpec spec = parsed.spec();
    assertEquals("reader-1", spec.sourceId());
    assertEquals("broker1:9092,broker2:9092", spec.bootstrapServers());
    assertEquals(
        Map.of("bootstrap.servers", "broker1:9092,broker2:9092", "group.id", "g"),
        spec.clientProperties());
    assertEquals(List.of("orders"), spec.subscription().topics());
    assertNull(spec.subscription().pattern());
    assertEquals(OffsetSpec.of(StartupMode.GROUP_OFFSETS), spec.startup());
    assertNull(spec.bounded());
    assertFalse(spec.isBounded());
    assertEquals(Duration.ofMinutes(5), spec.discoveryInterval());
    assertTrue(spec.discoveryEnabled());
    assertNull(spec.headerFilter());
    assertFalse(spec.checkDuplicatedGroupId());
    assertEquals("g", spec.groupId());
    assertEquals(PHYSICAL, parsed.outputSchema());
    assertEquals(PHYSICAL, parsed.decoder().outputSchema());
  }

  @Test
  void converterDecodesWithRawFormat() {
    ParsedSource parsed = parse(with("metadata.list", "offset"));
    List<Row> rows = new ArrayList<>();
    parsed
        .decoder()
        .decode(
            new ConsumerRecord<>(
                "orders",
                0,
                5L,
                1L,
                TimestampType.CREATE_TIME,
                -1,
                2,
                null,
                "hi".getBytes(StandardCharsets.UTF_8),
                new RecordHeaders(),
                Optional.empty()),
            rows::add);
    assertEquals(1, rows.size());
    assertEquals("hi", rows.get(0).getString("line"));
    assertEquals(5L, rows.get(0).getInt64("offset"));
  }

  @Test
  void rawCharsetIsPassedToTheFormat() {
    ParsedSource parsed = parse(with("raw.charset", "ISO-8859-1"));
    List<Row> rows = new ArrayList<>();
    parsed
        .decoder()
        .decode(
            new ConsumerRecord<>(
                "orders",
                0,
                5L,
                1L,
                TimestampType.CREATE_TIME,
                -1,
                1,
                null,
                new byte[] {(byte) 0xE9},
                new RecordHeaders(),
                Optional.empty()),
            rows::add);
    assertEquals("é", rows.get(0).getString("line"));
  }

  @Test
  void groupIdAndOtherProperties() {
    SourceSpec spec =
        parse(with("properties.group.id", "g1", "properties.max.poll.records", "10")).spec();
    assertEquals("g1", spec.groupId());
    assertEquals("10", spec.clientProperties().get("max.poll.records"));
  }

  @Test
  void severalTopics() {
    SourceSpec spec = parse(with("topic", " a ; b;;c ;")).spec();
    assertEquals(List.of("a", "b", "c"), spec.subscription().topics());
  }

  @Test
  void topicWithOnlySeparatorsFails() {
    fails(with("topic", " ; ;"), "'topic'");
  }

  @Test
  void topicPattern() {
    Map<String, String> options = without("topic");
    options.put("topic-pattern", "orders-.*");
    SourceSpec spec = parse(options).spec();
    assertNull(spec.subscription().topics());
    assertEquals("orders-.*", spec.subscription().pattern().pattern());
    assertTrue(spec.subscription().matches("orders-eu"));
    assertFalse(spec.subscription().matches("x-orders-eu"));
  }

  @Test
  void valueFormatAlone() {
    Map<String, String> options = without("format");
    options.put("value.format", "raw");
    assertEquals(PHYSICAL, parse(options).outputSchema());
  }

  @Test
  void valueFormatWinsOverFormat() {
    // 'format' names a format that does not exist: it is ignored because value.format wins
    parse(with("format", "no-such-format", "value.format", "raw"));
    fails(
        with("format", "raw", "value.format", "no-such-format"),
        "'no-such-format'",
        "'value.format'");
  }

  @Test
  void valueFormatOptionsAreScopedWithValuePrefix() {
    Map<String, String> options = without("format");
    options.put("value.format", "raw");
    options.put("value.raw.charset", "ISO-8859-1");
    ParsedSource parsed = parse(options);
    List<Row> rows = new ArrayList<>();
    parsed
        .decoder()
        .decode(
            new ConsumerRecord<>(
                "orders",
                0,
                5L,
                1L,
                TimestampType.CREATE_TIME,
                -1,
                1,
                null,
                new byte[] {(byte) 0xE9},
                new RecordHeaders(),
                Optional.empty()),
            rows::add);
    assertEquals("é", rows.get(0).getString("line"));
  }

  // ---- unknown keys ----

  @Test
  void unknownKeyFailsNamingIt() {
    fails(with("scan.startup.mod", "earliest-offset"), "'scan.startup.mod'");
    fails(with("topics", "x"), "'topics'");
  }

  @Test
  void unknownOptionOfTheFormat() {
    fails(with("raw.foo", "x"), "'raw.foo'", "raw.charset");
  }

  @Test
  void propertiesPrefixAloneIsUnknown() {
    fails(with("properties.", "x"), "'properties.'");
  }

  // ---- topics ----

  @Test
  void bothTopicAndPattern() {
    fails(with("topic-pattern", "orders-.*"), "'topic'", "'topic-pattern'");
  }

  @Test
  void neitherTopicNorPattern() {
    fails(without("topic"), "'topic'", "'topic-pattern'");
  }

  @Test
  void badTopicPattern() {
    Map<String, String> options = without("topic");
    options.put("topic-pattern", "orders-(");
    fails(options, "'topic-pattern'", "orders-(");
  }

  // ---- client properties ----

  @ParameterizedTest
  @ValueSource(strings = {"properties.key.deserializer", "properties.value.deserializer"})
  void deserializersRejected(String key) {
    fails(with(key, "org.apache.kafka.common.serialization.StringDeserializer"), "'" + key + "'");
  }

  @Test
  void missingBootstrapServers() {
    fails(without("properties.bootstrap.servers"), "'properties.bootstrap.servers'");
    fails(with("properties.bootstrap.servers", "  "), "'properties.bootstrap.servers'");
  }

  // ---- format ----

  @Test
  void missingFormat() {
    fails(without("format"), "'format'");
  }

  @Test
  void unknownFormatListsAvailable() {
    fails(with("format", "no-such-format"), "'no-such-format'", "'format'", "raw", "json", "avro");
  }

  // ---- startup ----

  @Test
  void startupModes() {
    assertEquals(
        OffsetSpec.of(StartupMode.EARLIEST_OFFSET),
        parse(with("scan.startup.mode", "earliest-offset")).spec().startup());
    assertEquals(
        OffsetSpec.of(StartupMode.LATEST_OFFSET),
        parse(with("scan.startup.mode", "LATEST-OFFSET")).spec().startup());
    assertEquals(
        OffsetSpec.timestamp(1_700_000_000_000L),
        parse(
                with(
                    "scan.startup.mode",
                    "timestamp",
                    "scan.startup.timestamp-millis",
                    "1700000000000"))
            .spec()
            .startup());
    assertEquals(
        OffsetSpec.specific(Map.of(0, 42L, 1, 300L)),
        parse(
                with(
                    "scan.startup.mode",
                    "specific-offsets",
                    "scan.startup.specific-offsets",
                    "partition:0,offset:42;partition:1,offset:300"))
            .spec()
            .startup());
  }

  @Test
  void specificOffsetsModeWithoutOffsets() {
    fails(
        with("scan.startup.mode", "specific-offsets"),
        "'scan.startup.specific-offsets'",
        "'scan.startup.mode'");
  }

  @Test
  void specificOffsetsMalformed() {
    fails(
        with(
            "scan.startup.mode",
            "specific-offsets",
            "scan.startup.specific-offsets",
            "partition:0;offset:1"),
        "'scan.startup.specific-offsets'");
  }

  @Test
  void timestampModeWithoutMillis() {
    fails(with("scan.startup.mode", "timestamp"), "'scan.startup.timestamp-millis'");
  }

  @Test
  void timestampMillisNotANumber() {
    fails(
        with("scan.startup.mode", "timestamp", "scan.startup.timestamp-millis", "yesterday"),
        "'scan.startup.timestamp-millis'");
  }

  @Test
  void badStartupModeListsAllowed() {
    fails(
        with("scan.startup.mode", "earliest"),
        "'scan.startup.mode'",
        "earliest-offset",
        "latest-offset",
        "group-offsets",
        "timestamp",
        "specific-offsets");
  }

  // ---- discovery ----

  @Test
  void badDiscoveryInterval() {
    fails(
        with("scan.topic-partition-discovery.interval", "often"),
        "'scan.topic-partition-discovery.interval'");
  }

  @Test
  void discoveryIntervalZeroDisables() {
    SourceSpec spec = parse(with("scan.topic-partition-discovery.interval", "0")).spec();
    assertEquals(Duration.ZERO, spec.discoveryInterval());
    assertFalse(spec.discoveryEnabled());
    assertFalse(
        parse(with("scan.topic-partition-discovery.interval", "-1")).spec().discoveryEnabled());
  }

  @Test
  void discoveryIntervalParsed() {
    SourceSpec spec = parse(with("scan.topic-partition-discovery.interval", "30 s")).spec();
    assertEquals(Duration.ofSeconds(30), spec.discoveryInterval());
    assertTrue(spec.discoveryEnabled());
  }

  // ---- bounded ----

  @Test
  void boundedLatestOffset() {
    SourceSpec spec = parse(with("scan.bounded.mode", "latest-offset")).spec();
    assertTrue(spec.isBounded());
    assertEquals(OffsetSpec.of(StartupMode.LATEST_OFFSET), spec.bounded());
    assertFalse(spec.discoveryEnabled(), "bounded reads do not discover partitions");
  }

  @Test
  void boundedModes() {
    assertFalse(parse(with("scan.bounded.mode", "unbounded")).spec().isBounded());
    assertEquals(
        OffsetSpec.timestamp(5L),
        parse(with("scan.bounded.mode", "timestamp", "scan.bounded.timestamp-millis", "5"))
            .spec()
            .bounded());
    assertEquals(
        OffsetSpec.specific(Map.of(2, 9L)),
        parse(
                with(
                    "scan.bounded.mode",
                    "specific-offsets",
                    "scan.bounded.specific-offsets",
                    "partition:2,offset:9"))
            .spec()
            .bounded());
    fails(with("scan.bounded.mode", "timestamp"), "'scan.bounded.timestamp-millis'");
    fails(with("scan.bounded.mode", "specific-offsets"), "'scan.bounded.specific-offsets'");
    fails(with("scan.bounded.mode", "never"), "'scan.bounded.mode'", "unbounded");
  }

  // ---- header filter ----

  @Test
  void headerFilter() {
    SourceSpec spec = parse(with("scan.header-filter", "depart:toy|depart:book&!env:test")).spec();
    assertNotNull(spec.headerFilter());
    assertEquals("depart:toy|depart:book&!env:test", spec.headerFilter().toString());
  }

  @Test
  void headerFilterThatDoesNotParse() {
    fails(with("scan.header-filter", "depart"), "'scan.header-filter'", "position");
  }

  // ---- metadata ----

  @Test
  void metadataListWithUnknownKey() {
    fails(
        with("metadata.list", "topic,offsett"),
        "'offsett'",
        "'metadata.list'",
        "topic",
        "partition",
        "timestamp-type",
        "leader-epoch",
        "__raw_key__");
  }

  @Test
  void metadataClashWithPhysicalColumn() {
    Schema schema = Schema.builder().addStringField("topic").build();
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SourceOptionsParser.parse("r", with("metadata.list", "topic"), schema, List.of()));
    assertTrue(e.getMessage().contains("'topic'"), e.getMessage());
  }

  @Test
  void metadataListedTwiceClashes() {
    fails(with("metadata.list", "offset,offset"), "'offset'");
  }

  @Test
  void typedMetadataClashWithMetadataList() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                SourceOptionsParser.parse(
                    "r",
                    with("metadata.list", "offset"),
                    PHYSICAL,
                    List.of(new MetadataColumn("offset", MetadataKey.PARTITION))));
    assertTrue(e.getMessage().contains("'offset'"), e.getMessage());
  }

  @Test
  void outputSchemaIsPhysicalThenMetadataInListOrder() {
    Schema physical = Schema.builder().addNullableField("v", FieldType.STRING).build();
    ParsedSource parsed =
        SourceOptionsParser.parse(
            "r",
            with(
                "metadata.list",
                " __raw_value__, headers,timestamp ,partition,topic,offset,timestamp-type,"
                    + "leader-epoch,__raw_key__"),
            physical,
            List.of(new MetadataColumn("p2", MetadataKey.PARTITION)));
    Schema expected =
        Schema.builder()
            .addNullableField("v", FieldType.STRING)
            .addField("__raw_value__", FieldType.BYTES.withNullable(true))
            .addField(
                "headers", FieldType.map(FieldType.STRING, FieldType.BYTES.withNullable(true)))
            .addField("timestamp", FieldType.DATETIME)
            .addField("partition", FieldType.INT32)
            .addField("topic", FieldType.STRING)
            .addField("offset", FieldType.INT64)
            .addField("timestamp-type", FieldType.STRING)
            .addField("leader-epoch", FieldType.INT32.withNullable(true))
            .addField("__raw_key__", FieldType.BYTES.withNullable(true))
            .addField("p2", FieldType.INT32)
            .build();
    assertEquals(expected, parsed.outputSchema());
    assertEquals(expected, parsed.decoder().outputSchema());
  }

  // ---- group id check ----

  @Test
  void checkDuplicatedGroupIdWithoutGroupId() {
    Map<String, String> options = without("properties.group.id");
    options.put("scan.startup.mode", "earliest-offset");
    options.put("scan.check.duplicated.group.id", "true");
    fails(options, "'scan.check.duplicated.group.id'", "'properties.group.id'");
  }

  @Test
  void checkDuplicatedGroupIdWithGroupId() {
    SourceSpec spec =
        parse(with("scan.check.duplicated.group.id", "TRUE", "properties.group.id", "g")).spec();
    assertTrue(spec.checkDuplicatedGroupId());
  }

  @Test
  void checkDuplicatedGroupIdNotBoolean() {
    fails(with("scan.check.duplicated.group.id", "yes"), "'scan.check.duplicated.group.id'");
  }

  @Test
  void missingSchema() {
    assertThrows(
        IllegalArgumentException.class,
        () -> SourceOptionsParser.parse("r", minimal(), null, List.of()));
  }

  // ---- secrets ----

  @Test
  void secretsNeverShown() {
    Map<String, String> options =
        with(
            "properties.sasl.jaas.config", JAAS,
            "properties.ssl.keystore.password", KEYSTORE_PASSWORD,
            "properties.security.protocol", "SASL_SSL");
    SourceSpec spec = parse(options).spec();
    // the consumer gets them
    assertEquals(JAAS, spec.clientProperties().get("sasl.jaas.config"));
    assertEquals(KEYSTORE_PASSWORD, spec.clientProperties().get("ssl.keystore.password"));

    String text = spec.toString();
    Map<String, String> redacted = spec.redactedClientProperties();
    for (String secret : List.of(JAAS, "jaas-s3cret-Xyz", KEYSTORE_PASSWORD)) {
      assertFalse(text.contains(secret), text);
      assertFalse(redacted.toString().contains(secret), redacted.toString());
    }
    assertTrue(redacted.containsKey("sasl.jaas.config"));
    assertTrue(redacted.containsKey("ssl.keystore.password"));
    assertEquals("SASL_SSL", redacted.get("security.protocol"));
    assertTrue(text.contains("sasl.jaas.config"), text);
    assertTrue(text.contains("broker1:9092"), text);

    SourceSpec copy = SerializableUtils.clone(spec);
    assertFalse(copy.toString().contains(KEYSTORE_PASSWORD));
    assertEquals(KEYSTORE_PASSWORD, copy.clientProperties().get("ssl.keystore.password"));
  }

  @Test
  void secretsNotInErrorMessages() {
    // an error raised after the secrets were read must not print them
    IllegalArgumentException e =
        fails(
            with(
                "properties.sasl.jaas.config",
                JAAS,
                "properties.ssl.keystore.password",
                KEYSTORE_PASSWORD,
                "scan.startup.mode",
                "bogus"));
    assertFalse(e.getMessage().contains(KEYSTORE_PASSWORD), e.getMessage());
    assertFalse(e.getMessage().contains("jaas-s3cret-Xyz"), e.getMessage());
  }

  @Test
  void parsedSourceSerializable() {
    ParsedSource parsed = parse(with("metadata.list", "topic", "scan.header-filter", "a:1"));
    assertNotNull(SerializableUtils.clone(parsed.spec()));
    assertNotNull(SerializableUtils.clone(parsed.decoder()));
  }

  // ---- key / value layout options ----

  @Test
  void keyFieldsWithoutKeyFormatFails() {
    fails(with("key.fields", "line"), "'key.fields' requires 'key.format'");
  }

  @Test
  void keyFormatWithoutKeyFieldsFails() {
    fails(with("key.format", "raw"), "'key.format' requires 'key.fields'");
  }

  @Test
  void scopedFormatOptionsWinForTheirSide() {
    Map<String, String> options = with("key.format", "raw");
    options.put("key.fields", "k");
    options.put("value.fields-include", "EXCEPT_KEY");
    options.put("raw.charset", "UTF-8");
    options.put("key.raw.charset", "ISO-8859-1");
    Schema schema =
        Schema.builder().addStringField("k").addNullableField("line", FieldType.STRING).build();
    ParsedSource parsed = SourceOptionsParser.parse("id", options, schema, List.of());
    List<Row> rows = new ArrayList<>();
    byte[] e9 = {(byte) 0xE9};
    byte[] utf8 = "é".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    parsed
        .decoder()
        .decode(
            new ConsumerRecord<>(
                "orders",
                0,
                5L,
                1L,
                TimestampType.CREATE_TIME,
                -1,
                1,
                e9,
                utf8,
                new RecordHeaders(),
                Optional.empty()),
            rows::add);
    assertEquals("é", rows.get(0).getString("k"), "key decoded as ISO-8859-1");
    assertEquals("é", rows.get(0).getString("line"), "value decoded as UTF-8");
  }

  @Test
  void unknownScopedFormatOptionFails() {
    Map<String, String> options = with("key.format", "raw");
    options.put("key.fields", "line");
    options.put("key.raw.nope", "x");
    fails(options, "'key.raw.nope'");
  }

  @Test
  void optionOfAFormatNotInUseFails() {
    fails(
        with("json.fail-on-missing-field", "true"),
        "'json.fail-on-missing-field'",
        "format 'json'",
        "not use");
  }

  // ---- construction-time checks (source hardening) ----

  @Test
  void groupOffsetsWithoutGroupIdFailsAtConstruction() {
    fails(
        without("properties.group.id"),
        "'properties.group.id'",
        "'scan.startup.mode'",
        "group-offsets");
    Map<String, String> bounded = without("properties.group.id");
    bounded.put("scan.startup.mode", "earliest-offset");
    bounded.put("scan.bounded.mode", "group-offsets");
    fails(bounded, "'scan.bounded.mode'", "'properties.group.id'");
    Map<String, String> earliest = without("properties.group.id");
    earliest.put("scan.startup.mode", "earliest-offset");
    assertNotNull(parse(earliest).spec());
  }

  @Test
  void malformedJaasConfigNamesTheKeyWithoutItsValue() {
    String secret = "pw-Never-Shown-77";
    IllegalArgumentException e =
        fails(
            with(
                "properties.security.protocol",
                "SASL_PLAINTEXT",
                "properties.sasl.mechanism",
                "PLAIN",
                "properties.sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule username=\"u\" password=\""
                    + secret
                    + "\""),
            "'properties.sasl.jaas.config'");
    assertFalse(e.getMessage().contains(secret), e.getMessage());
  }

  @Test
  void clientPropertyTheClientRejectsNamesTheKey() {
    fails(with("properties.max.poll.records", "many"), "'properties.max.poll.records'", "many");
    IllegalArgumentException e =
        fails(
            with("properties.ssl.key.password", "x", "properties.request.timeout.ms", "-5"),
            "'properties.request.timeout.ms'");
    assertFalse(e.getMessage().contains("Value: x"), e.getMessage());
  }

  @Test
  void forcedClientSettingsAreWarnedAbout() {
    List<String> warnings =
        parse(
                with(
                    "properties.enable.auto.commit",
                    "true",
                    "scan.startup.mode",
                    "earliest-offset",
                    "properties.auto.offset.reset",
                    "latest"))
            .warnings();
    assertTrue(
        warnings.stream().anyMatch(w -> w.contains("'properties.enable.auto.commit'")),
        warnings.toString());
    assertTrue(
        warnings.stream().anyMatch(w -> w.contains("'properties.auto.offset.reset'")),
        warnings.toString());
    assertTrue(parse(minimal()).warnings().isEmpty());
  }

  @Test
  void unknownKeySuggestsTheNearestOne() {
    fails(with("scan.startup.mod", "earliest-offset"), "did you mean 'scan.startup.mode'?");
    fails(with("bootstrap.servers", "b:9092"), "did you mean 'properties.bootstrap.servers'?");
    fails(with("json.fail-on-missing-field", "true"), "not used here");
  }

  @Test
  void watermarkOptions() {
    SourceSpec defaults = parse(minimal()).spec();
    assertEquals(
        dev.kafkaconnector.io.common.WatermarkStrategy.EVENT_TIME, defaults.watermark().strategy());
    assertEquals(Duration.ofSeconds(5), defaults.watermark().maxOutOfOrderness());
    assertFalse(defaults.watermark().idlenessEnabled());
    SourceSpec custom =
        parse(
                with(
                    "scan.watermark.strategy",
                    "processing-time",
                    "scan.watermark.max-out-of-orderness",
                    "2 s",
                    "scan.watermark.idle-timeout",
                    "30 s"))
            .spec();
    assertEquals(
        dev.kafkaconnector.io.common.WatermarkStrategy.PROCESSING_TIME,
        custom.watermark().strategy());
    assertEquals(Duration.ofSeconds(30), custom.watermark().idleTimeout());
    fails(with("scan.watermark.strategy", "wall"), "'scan.watermark.strategy'");
    fails(with("scan.watermark.idle-timeout", "-1 s"), "'scan.watermark.idle-timeout'");
  }
}
