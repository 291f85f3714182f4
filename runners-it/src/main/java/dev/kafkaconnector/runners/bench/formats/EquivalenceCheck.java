package dev.kafkaconnector.runners.bench.formats;

import dev.kafkaconnector.formats.RowDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.Collector;

/**
 * Before anything is timed: every message of a case, decoded by our decoder and by each of Flink's,
 * must give the same rows (same count, same values by {@link ComparableValues}).
 */
final class EquivalenceCheck {
  private EquivalenceCheck() {}

  /**
   * @return the number of rows compared per decoder
   * @throws AssertionError naming the format, decoder, message and both results on a difference
   */
  static int verify(FormatCase formatCase) throws Exception {
    int rows = formatCase.flinkIds().isEmpty() ? decodeAll(formatCase) : againstFlink(formatCase);
    if (formatCase instanceof ProjectedCase projected) {
      againstWholeRows(projected);
    }
    return rows;
  }

  /** Without a Flink decoder: ours must decode every message. */
  private static int decodeAll(FormatCase formatCase) throws Exception {
    RowDecoder ours = formatCase.ours();
    int[] rows = {0};
    for (byte[] message : formatCase.messages()) {
      ours.decode(message, row -> rows[0]++);
    }
    if (rows[0] == 0) {
      throw new AssertionError("Case '" + formatCase.name() + "': no rows decoded");
    }
    return rows[0];
  }

  /** A projection gives the selected values of the whole rows, message by message. */
  private static void againstWholeRows(ProjectedCase projected) throws Exception {
    byte[][] messages = projected.messages();
    RowDecoder whole = projected.whole().ours();
    RowDecoder ours = projected.ours();
    for (int i = 0; i < messages.length; i++) {
      List<List<Object>> expected = new ArrayList<>();
      whole.decode(
          messages[i],
          row -> {
            List<Object> all = ComparableValues.of(row);
            List<Object> picked = new ArrayList<>();
            ProjectedCase.COLUMNS.forEach(c -> picked.add(all.get(row.getSchema().indexOf(c))));
            expected.add(picked);
          });
      List<List<Object>> actual = new ArrayList<>();
      ours.decode(messages[i], row -> actual.add(ComparableValues.of(row)));
      if (!expected.equals(actual)) {
        throw new AssertionError(
            "Case '"
                + projected.name()
                + "': message "
                + i
                + " gives "
                + describe(actual)
                + " but the whole row's columns "
                + ProjectedCase.COLUMNS
                + " are "
                + describe(expected));
      }
    }
  }

  private static int againstFlink(FormatCase formatCase) throws Exception {
    byte[][] messages = formatCase.messages();
    RowDecoder ours = formatCase.ours();
    int rows = 0;
    for (String flinkId : formatCase.flinkIds()) {
      DeserializationSchema<RowData> flink = formatCase.openFlink(flinkId);
      rows = 0;
      for (int i = 0; i < messages.length; i++) {
        List<List<Object>> expected = new ArrayList<>();
        flink.deserialize(messages[i], collector(formatCase, expected));
        List<List<Object>> actual = new ArrayList<>();
        ours.decode(messages[i], row -> actual.add(formatCase.oursValues(row)));
        if (!expected.equals(actual)) {
          throw new AssertionError(
              "Case '"
                  + formatCase.name()
                  + "': our decoder and Flink's '"
                  + flinkId
                  + "' disagree on message "
                  + i
                  + ":\n  message: "
                  + new String(messages[i], StandardCharsets.UTF_8)
                  + "\n  flink:   "
                  + describe(expected)
                  + "\n  ours:    "
                  + describe(actual));
        }
        rows += actual.size();
      }
      if (rows == 0) {
        throw new AssertionError("Case '" + formatCase.name() + "': no rows decoded");
      }
    }
    return rows;
  }

  private static Collector<RowData> collector(FormatCase formatCase, List<List<Object>> out) {
    return new Collector<>() {
      @Override
      public void collect(RowData record) {
        out.add(formatCase.flinkValues(record));
      }

      @Override
      public void close() {}
    };
  }

  /** Values with their classes, so that 1.5 (Double) and 1.50 (BigDecimal) are told apart. */
  private static String describe(List<List<Object>> rows) {
    StringBuilder out = new StringBuilder("[");
    for (List<Object> row : rows) {
      out.append("\n    ");
      describe(row, out);
    }
    return out.append("]").toString();
  }

  private static void describe(Object value, StringBuilder out) {
    if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        if (i > 0) {
          out.append(", ");
        }
        describe(list.get(i), out);
      }
      out.append(']');
    } else if (value == null) {
      out.append("null");
    } else {
      out.append(value).append(" (").append(value.getClass().getSimpleName()).append(')');
    }
  }
}
