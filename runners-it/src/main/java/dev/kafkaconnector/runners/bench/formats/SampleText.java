package dev.kafkaconnector.runners.bench.formats;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * {@link SampleRow}s written as a producer would write them: a JSON object (members in column
 * order, TIMESTAMP in the SQL text form {@code 2024-03-05 12:34:56.789}, DECIMAL as a JSON number)
 * and a CSV line (RFC 4180 quoting, {@code ;} between array elements and ROW fields, as both
 * implementations read by default).
 */
final class SampleText {
  private SampleText() {}

  private static final DateTimeFormatter SQL_TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  static StringBuilder json(SampleRow r, StringBuilder out) {
    out.append("{\"id\":").append(r.id());
    out.append(",\"name\":");
    string(r.name(), out);
    out.append(",\"qty\":").append(r.qty());
    out.append(",\"price\":").append(r.price());
    out.append(",\"amount\":").append(r.amount().toPlainString());
    out.append(",\"active\":").append(r.active());
    out.append(",\"ts\":\"").append(timestamp(r.ts())).append('"');
    out.append(",\"day\":\"").append(r.day()).append('"');
    out.append(",\"tags\":[");
    List<String> tags = r.tags();
    for (int i = 0; i < tags.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      string(tags.get(i), out);
    }
    out.append("],\"info\":{\"a\":");
    string(r.infoA(), out);
    out.append(",\"b\":").append(r.infoB());
    out.append("},\"note\":");
    string(r.note(), out);
    return out.append('}');
  }

  static String csv(SampleRow r) {
    StringBuilder out = new StringBuilder(160);
    out.append(r.id()).append(',');
    csvField(r.name(), out).append(',');
    out.append(r.qty()).append(',');
    out.append(r.price()).append(',');
    out.append(r.amount().toPlainString()).append(',');
    out.append(r.active()).append(',');
    out.append(timestamp(r.ts())).append(',');
    out.append(r.day()).append(',');
    csvField(String.join(";", r.tags()), out).append(',');
    csvField(r.infoA() + ";" + r.infoB(), out).append(',');
    csvField(r.note(), out);
    return out.toString();
  }

  static String timestamp(LocalDateTime ts) {
    return SQL_TIMESTAMP.format(ts);
  }

  private static StringBuilder csvField(@Nullable String value, StringBuilder out) {
    if (value == null) {
      return out; // an empty field
    }
    boolean quote =
        value.indexOf(',') >= 0
            || value.indexOf('"') >= 0
            || value.indexOf('\n') >= 0
            || value.indexOf('\r') >= 0;
    if (!quote) {
      return out.append(value);
    }
    return out.append('"').append(value.replace("\"", "\"\"")).append('"');
  }

  private static void string(@Nullable String value, StringBuilder out) {
    if (value == null) {
      out.append("null");
      return;
    }
    out.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }
}
