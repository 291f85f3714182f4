package dev.kafkaconnector.runners.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.transforms.errorhandling.BadRecord;
import org.apache.beam.sdk.transforms.errorhandling.ErrorHandler.BadRecordErrorHandler;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.PDone;
import org.apache.beam.sdk.values.Row;
import org.joda.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * Format and sink options end to end, each against the real broker and on each runner (one subclass
 * per runner): {@code sink.delivery-guarantee} none, every {@code csv.*} option read and written,
 * {@code json.fail-on-missing-field} with and without a dead-letter output, and {@code
 * json.timestamp-format.standard} read and written; the change-format options are in {@link
 * ChangeFormatOptionsCases}. Each case reads or writes a few records, several sources or sinks per
 * pipeline, and compares exact rows or record values.
 */
abstract class AbstractFormatOptionsITCase extends ChangeFormatOptionsCases {
  /** Every csv option with a value other than its default, as key, value, key, value, ... */
  private static final String[] CUSTOM_CSV = {
    "format", "csv",
    "csv.field-delimiter", ";",
    "csv.quote-character", "'",
    "csv.array-element-delimiter", "|",
    "csv.escape-character", "\\",
    "csv.null-literal", "NULL",
    "csv.line-delimiter", "U&'\\000D'"
  };

  static final Schema ITEM =
      Schema.builder()
          .addNullableField("id", FieldType.INT64)
          .addNullableField("name", FieldType.STRING)
          .addNullableField("tags", FieldType.array(FieldType.STRING))
          .build();

  static Row item(Long id, String name, List<String> tags) {
    return Row.withSchema(ITEM).addValues(id, name, tags).build();
  }

  static List<Row> byId(List<Row> rows) {
    List<Row> out = new ArrayList<>(rows);
    out.sort(
        Comparator.comparing((Row r) -> r.getInt64("id"), Comparator.nullsFirst(Long::compare)));
    return out;
  }

  static List<String> sorted(List<String> values) {
    List<String> out = new ArrayList<>(values);
    out.sort(null);
    return out;
  }

  /**
   * The csv defaults (a line feed after each row, as the spec's {@code U&'\000A'} says) written
   * with {@code sink.delivery-guarantee} = none, and every csv write option at once.
   */
  @Test
  void csvWrittenWithTheDefaultsUnderNoGuaranteeAndWithEveryWriteOption() {
    String plain = topic("csv-none");
    String custom = topic("csv-custom");
    String bare = topic("csv-noquote");
    List<Row> rows =
        List.of(
            item(1L, "plain", List.of("a", "b")),
            item(2L, null, List.of()),
            item(3L, "it's, \"odd\"", List.of("x")));
    Pipeline pipeline = Pipeline.create(options());
    PCollection<Row> in = pipeline.apply(Create.of(rows).withRowSchema(ITEM));
    in.apply("None", write(plain, "format", "csv", "sink.delivery-guarantee", "none"));
    in.apply("Custom", write(custom, CUSTOM_CSV));
    in.apply(
        "NoQuote",
        write(
            bare,
            "format",
            "csv",
            "csv.disable-quote-character",
            "true",
            "csv.field-delimiter",
            "\t",
            "csv.line-delimiter",
            ""));
    run(pipeline);
    assertEquals(
        List.of("1,plain,a;b\n", "2,,\n", "3,\"it's, \"\"odd\"\"\",x\n"),
        sorted(readBack(plain, 3)));
    assertEquals(
        List.of("1;plain;a|b\r", "2;NULL;\r", "3;'it''s, \"odd\"';x\r"),
        sorted(readBack(custom, 3)));
    assertEquals(
        List.of("1\tplain\ta;b", "2\t\t", "3\tit's, \"odd\"\tx"), sorted(readBack(bare, 3)));
  }

  /** Every csv read option, on records as another producer writes them. */
  @Test
  void csvReadWithEveryReadOption() {
    String custom =
        topic("csv-read", "1;'pl;ain';a|b\r\n", "2;NULL;NULL\r", "3;it\\;s;\n", "4;'q''d';z");
    String lax =
        topic(
            "csv-lax",
            "# only a comment",
            "1,\"quoted\",a;b",
            "x,bad id,b",
            "# a comment line\n4,after a comment,c");
    Pipeline pipeline = Pipeline.create(options());
    Collect<Row> customRows = new Collect<>();
    Collect<Row> laxRows = new Collect<>();
    pipeline.apply("Custom", read(custom, ITEM, CUSTOM_CSV)).apply(customRows);
    pipeline
        .apply(
            "Lax",
            read(
                lax,
                ITEM,
                "format",
                "csv",
                "csv.disable-quote-character",
                "true",
                "csv.allow-comments",
                "true",
                "csv.ignore-parse-errors",
                "true"))
        .apply(laxRows);
    run(pipeline);
    assertEquals(
        List.of(
            item(1L, "pl;ain", List.of("a", "b")),
            item(2L, null, null),
            item(3L, "it;s", List.of()),
            item(4L, "q'd", List.of("z"))),
        byId(customRows.items()));
    assertEquals(
        List.of(
            item(null, "bad id", List.of("b")),
            item(1L, "\"quoted\"", List.of("a", "b")),
            item(4L, "after a comment", List.of("c"))),
        byId(laxRows.items()));
  }

  static final Schema PERSON =
      Schema.builder().addInt64Field("id").addNullableField("name", FieldType.STRING).build();

  /**
   * {@code json.fail-on-missing-field} = true: a record missing a field goes to the dead-letter
   * output naming topic, partition and offset; without one the job fails with that message; the
   * default reads the field as null.
   */
  @Test
  void jsonFailOnMissingFieldFollowsTheBadRecordPolicy() {
    String topic =
        topic(
            "json-missing", "{\"id\":1,\"name\":\"a\"}", "{\"id\":2}", "{\"id\":3,\"name\":\"c\"}");
    String where = "topic '" + topic + "' partition 0 offset 1";
    Pipeline pipeline = Pipeline.create(options());
    Collect<BadRecord> bad = new Collect<>();
    Collect<Row> strict = new Collect<>();
    Collect<Row> lenient = new Collect<>();
    BadRecordErrorHandler<PDone> handler = pipeline.registerBadRecordErrorHandler(bad);
    pipeline
        .apply(
            "Strict",
            read(topic, PERSON, "format", "json", "json.fail-on-missing-field", "true")
                .withBadRecordErrorHandler(handler))
        .apply(strict);
    handler.close();
    pipeline.apply("Default", read(topic, PERSON, "format", "json")).apply(lenient);
    run(pipeline);
    assertEquals(List.of(person(1, "a"), person(3, "c")), byId(strict.items()));
    assertEquals(List.of(person(1, "a"), person(2, null), person(3, "c")), byId(lenient.items()));
    assertEquals(1, bad.items().size(), bad.items().toString());
    String reason = bad.items().get(0).getFailure().getDescription();
    assertMessageContains(new AssertionError(reason), where);
    assertMessageContains(new AssertionError(reason), "name");

    Pipeline failing = Pipeline.create(options());
    failing.apply(read(topic, PERSON, "format", "json", "json.fail-on-missing-field", "true"));
    Exception e = assertThrows(Exception.class, () -> run(failing));
    assertMessageContains(e, where);
  }

  static Row person(long id, String name) {
    return Row.withSchema(PERSON).addValues(id, name).build();
  }

  static final Schema STAMPED =
      Schema.builder()
          .addInt64Field("id")
          .addNullableField("ts", FieldType.logicalType(SqlTypes.DATETIME))
          .addNullableField("ltz", FieldType.DATETIME)
          .build();

  static final String SQL_TEXT =
      "{\"id\":1,\"ts\":\"2020-12-30 12:13:14.123\",\"ltz\":\"2020-12-30 12:13:14.123Z\"}";
  static final String ISO_TEXT =
      "{\"id\":1,\"ts\":\"2020-12-30T12:13:14.123\",\"ltz\":\"2020-12-30T12:13:14.123Z\"}";

  /**
   * {@code json.timestamp-format.standard}: SQL (the default) and ISO-8601, read and written, and
   * text of the other standard is a parse error (null with ignore-parse-errors).
   */
  @Test
  void jsonTimestampStandardsReadAndWritten() {
    String sqlIn = topic("json-ts-sql", SQL_TEXT);
    String isoIn = topic("json-ts-iso", ISO_TEXT);
    String sqlOut = topic("json-ts-sql-out");
    String isoOut = topic("json-ts-iso-out");
    Row row =
        Row.withSchema(STAMPED)
            .addValues(
                1L,
                LocalDateTime.of(2020, 12, 30, 12, 13, 14, 123_000_000),
                Instant.parse("2020-12-30T12:13:14.123Z"))
            .build();
    Pipeline pipeline = Pipeline.create(options());
    List<Collect<Row>> reads = new ArrayList<>();
    for (String[] how :
        Arrays.asList(
            new String[] {sqlIn},
            new String[] {isoIn, "json.timestamp-format.standard", "ISO-8601"},
            new String[] {sqlIn, "value.json.timestamp-format.standard", "SQL"},
            new String[] {
              isoIn, "json.timestamp-format.standard", "SQL", "json.ignore-parse-errors", "true"
            })) {
      Collect<Row> rows = new Collect<>();
      List<String> options = new ArrayList<>(List.of("format", "json"));
      options.addAll(Arrays.asList(how).subList(1, how.length));
      pipeline
          .apply("Read" + reads.size(), read(how[0], STAMPED, options.toArray(new String[0])))
          .apply(rows);
      reads.add(rows);
    }
    PCollection<Row> in = pipeline.apply(Create.of(row).withRowSchema(STAMPED));
    in.apply("Sql", write(sqlOut, "format", "json"));
    in.apply("Iso", write(isoOut, "format", "json", "json.timestamp-format.standard", "ISO-8601"));
    run(pipeline);
    assertEquals(List.of(row), reads.get(0).items(), "SQL by default");
    assertEquals(List.of(row), reads.get(1).items(), "ISO-8601");
    assertEquals(List.of(row), reads.get(2).items(), "SQL, value.json. spelling");
    assertEquals(
        List.of(Row.withSchema(STAMPED).addValues(1L, null, null).build()),
        reads.get(3).items(),
        "ISO-8601 text is not SQL text");
    assertEquals(List.of(SQL_TEXT), readBack(sqlOut, 1));
    assertEquals(List.of(ISO_TEXT), readBack(isoOut, 1));
  }
}
