package dev.kafkaconnector.formats.csv;

import com.fasterxml.jackson.core.Base64Variant;
import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import dev.kafkaconnector.formats.text.FastTemporal;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;
import org.joda.time.Instant;
import org.joda.time.ReadableInstant;

/**
 * The text form of each scalar type in a CSV field, read and written as Flink's CSV format does:
 * numbers and booleans as their literals (surrounding spaces ignored when reading), DATE as {@code
 * yyyy-MM-dd}, TIME as {@code HH:mm:ss[.fraction]}, TIMESTAMP as {@code yyyy-MM-dd
 * HH:mm:ss[.fraction]} (ISO {@code T} accepted when reading), TIMESTAMP_LTZ the same in UTC
 * followed by {@code Z} (an offset, or none for UTC, accepted when reading), BYTES as base64.
 */
enum CsvScalar {
  BOOLEAN {
    @Override
    Object parse(String text) {
      String t = text.trim();
      if (t.equalsIgnoreCase("true")) {
        return Boolean.TRUE;
      }
      if (t.equalsIgnoreCase("false")) {
        return Boolean.FALSE;
      }
      throw new IllegalArgumentException("expected true or false");
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      generator.writeBoolean((Boolean) value);
    }
  },
  TINYINT {
    @Override
    Object parse(String text) {
      return Byte.valueOf(number(text));
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      generator.writeNumber(((Number) value).longValue());
    }
  },
  SMALLINT {
    @Override
    Object parse(String text) {
      return Short.valueOf(number(text));
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      generator.writeNumber(((Number) value).longValue());
    }
  },
  INT {
    @Override
    Object parse(String text) {
      return Integer.valueOf(number(text));
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      generator.writeNumber(((Number) value).longValue());
    }
  },
  BIGINT {
    @Override
    Object parse(String text) {
      return Long.valueOf(number(text));
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      generator.writeNumber(((Number) value).longValue());
    }
  },
  FLOAT {
    @Override
    Object parse(String text) {
      return Float.valueOf(number(text));
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      generator.writeNumber((Float) value);
    }
  },
  DOUBLE {
    @Override
    Object parse(String text) {
      return Double.valueOf(number(text));
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      generator.writeNumber((Double) value);
    }
  },
  DECIMAL {
    @Override
    Object parse(String text) {
      return new BigDecimal(number(text));
    }

    @Override
    String format(Object value) {
      return ((BigDecimal) value).toPlainString();
    }

    @Override
    void write(CsvGenerator generator, Object value) throws IOException {
      // plain, never scientific: the generator has WRITE_BIGDECIMAL_AS_PLAIN
      generator.writeNumber((BigDecimal) value);
    }
  },
  STRING {
    @Override
    Object parse(String text) {
      return text;
    }

    @Override
    boolean blankIsNull() {
      return false;
    }
  },
  BYTES {
    @Override
    Object parse(String text) {
      return BASE64.decode(text.trim());
    }

    @Override
    String format(Object value) {
      return BASE64.encode((byte[]) value);
    }

    @Override
    boolean blankIsNull() {
      return false;
    }
  },
  DATE {
    @Override
    Object parse(String text) {
      String t = text.trim();
      LocalDate fast = t.length() == 10 ? FastTemporal.date(t, 0) : null;
      return fast != null ? fast : LocalDate.parse(t);
    }

    @Override
    String format(Object value) {
      return DateTimeFormatter.ISO_LOCAL_DATE.format((LocalDate) value);
    }
  },
  TIME {
    @Override
    Object parse(String text) {
      String t = text.trim();
      LocalTime fast = FastTemporal.time(t, 0, t.length());
      return fast != null ? fast : LocalTime.parse(t);
    }

    @Override
    String format(Object value) {
      return DateTimeFormatter.ISO_LOCAL_TIME.format((LocalTime) value);
    }
  },
  /** TIMESTAMP without time zone, a {@link LocalDateTime}. */
  TIMESTAMP {
    @Override
    Object parse(String text) {
      String t = text.trim();
      LocalDateTime fast = fastDateTime(t, t.length());
      return fast != null ? fast : LocalDateTime.parse(t, isoT(t) ? ISO_TIMESTAMP : SQL_TIMESTAMP);
    }

    @Override
    String format(Object value) {
      return SQL_TIMESTAMP.format((LocalDateTime) value);
    }
  },
  /** TIMESTAMP_LTZ, a Joda {@link Instant} (Beam's DATETIME). */
  TIMESTAMP_LTZ {
    @Override
    Object parse(String text) {
      String t = text.trim();
      boolean zulu = t.endsWith("Z");
      LocalDateTime fast = fastDateTime(t, zulu ? t.length() - 1 : t.length());
      if (fast != null) {
        return new Instant(fast.toInstant(ZoneOffset.UTC).toEpochMilli());
      }
      TemporalAccessor parsed =
          (isoT(t) ? ISO_TIMESTAMP_LTZ : SQL_TIMESTAMP_LTZ)
              .parseBest(t, OffsetDateTime::from, LocalDateTime::from);
      java.time.Instant instant =
          parsed instanceof OffsetDateTime odt
              ? odt.toInstant()
              : ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC);
      return new Instant(instant.toEpochMilli());
    }

    @Override
    String format(Object value) {
      long millis = ((ReadableInstant) value).getMillis();
      return SQL_TIMESTAMP.format(
              LocalDateTime.ofInstant(java.time.Instant.ofEpochMilli(millis), ZoneOffset.UTC))
          + "Z";
    }
  };

  /**
   * {@code yyyy-MM-dd HH:mm:ss[.f]} or with {@code T}, filling {@code [0, end)}, read without a
   * formatter; null for any other shape, so the caller's formatter decides.
   */
  private static LocalDateTime fastDateTime(String t, int end) {
    if (end < 19 || (t.charAt(10) != ' ' && t.charAt(10) != 'T')) {
      return null;
    }
    LocalDate date = FastTemporal.date(t, 0);
    LocalTime time = date == null ? null : FastTemporal.time(t, 11, end);
    return time == null ? null : LocalDateTime.of(date, time);
  }

  /** Numbers longer than this are refused before parsing (as Jackson does by default). */
  static final int MAX_NUMBER_LENGTH = 1000;

  private static final Base64Variant BASE64 = Base64Variants.getDefaultVariant();

  private static final DateTimeFormatter SQL_TIMESTAMP =
      new DateTimeFormatterBuilder()
          .append(DateTimeFormatter.ISO_LOCAL_DATE)
          .appendLiteral(' ')
          .append(DateTimeFormatter.ISO_LOCAL_TIME)
          .toFormatter(Locale.ROOT);
  private static final DateTimeFormatter ISO_TIMESTAMP = DateTimeFormatter.ISO_LOCAL_DATE_TIME;
  private static final DateTimeFormatter SQL_TIMESTAMP_LTZ =
      new DateTimeFormatterBuilder()
          .append(SQL_TIMESTAMP)
          .optionalStart()
          .appendOffsetId()
          .toFormatter(Locale.ROOT);
  private static final DateTimeFormatter ISO_TIMESTAMP_LTZ =
      new DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .append(ISO_TIMESTAMP)
          .optionalStart()
          .appendOffsetId()
          .toFormatter(Locale.ROOT);

  /**
   * Reads the text of a non-null field.
   *
   * @throws RuntimeException (for example {@link NumberFormatException} or {@link
   *     java.time.format.DateTimeParseException}) when the text is not a value of this type
   */
  abstract Object parse(String text);

  /** Writes a non-null value of this type's Java class. */
  String format(Object value) {
    return value.toString();
  }

  /**
   * Writes a non-null value. Numbers and booleans go through the generator's typed writers, as
   * Flink writes them, other values as the string of {@link #format}.
   */
  void write(CsvGenerator generator, Object value) throws IOException {
    generator.writeString(format(value));
  }

  /**
   * Whether an empty or blank field reads as null. True for all but STRING and BYTES, whose empty
   * field is the empty value (as an empty value is written as an empty field).
   */
  boolean blankIsNull() {
    return true;
  }

  private static String number(String text) {
    String t = text.trim();
    if (t.length() > MAX_NUMBER_LENGTH) {
      throw new IllegalArgumentException(
          "a number of " + t.length() + " characters is longer than " + MAX_NUMBER_LENGTH);
    }
    return t;
  }

  private static boolean isoT(String text) {
    return text.length() > 10 && (text.charAt(10) == 'T' || text.charAt(10) == 't');
  }
}
