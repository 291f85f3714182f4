package dev.kafkaconnector.schema;

import static dev.kafkaconnector.schema.SqlTypeRoot.ARRAY;
import static dev.kafkaconnector.schema.SqlTypeRoot.BIGINT;
import static dev.kafkaconnector.schema.SqlTypeRoot.BOOLEAN;
import static dev.kafkaconnector.schema.SqlTypeRoot.BYTES;
import static dev.kafkaconnector.schema.SqlTypeRoot.DATE;
import static dev.kafkaconnector.schema.SqlTypeRoot.DECIMAL;
import static dev.kafkaconnector.schema.SqlTypeRoot.DOUBLE;
import static dev.kafkaconnector.schema.SqlTypeRoot.FLOAT;
import static dev.kafkaconnector.schema.SqlTypeRoot.INT;
import static dev.kafkaconnector.schema.SqlTypeRoot.MAP;
import static dev.kafkaconnector.schema.SqlTypeRoot.ROW;
import static dev.kafkaconnector.schema.SqlTypeRoot.SMALLINT;
import static dev.kafkaconnector.schema.SqlTypeRoot.STRING;
import static dev.kafkaconnector.schema.SqlTypeRoot.TIME;
import static dev.kafkaconnector.schema.SqlTypeRoot.TIMESTAMP;
import static dev.kafkaconnector.schema.SqlTypeRoot.TIMESTAMP_LTZ;
import static dev.kafkaconnector.schema.SqlTypeRoot.TINYINT;
import static dev.kafkaconnector.schema.SqlTypeRoot.widen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlTypeRootTest {
  private static final SqlTypeRoot[] ALL = SqlTypeRoot.values();

  @Test
  void integersWidenAlongFlinkCdcsTree() {
    List<SqlTypeRoot> chain = List.of(TINYINT, SMALLINT, INT, BIGINT, DECIMAL, STRING);
    for (int i = 0; i < chain.size(); i++) {
      for (int j = i; j < chain.size(); j++) {
        SqlTypeRoot narrow = chain.get(i);
        SqlTypeRoot wide = chain.get(j);
        assertSame(wide, widen(narrow, wide), narrow + "/" + wide);
      }
    }
    assertSame(DOUBLE, widen(BIGINT, DOUBLE));
    assertSame(DOUBLE, widen(INT, DOUBLE));
    assertSame(DOUBLE, widen(FLOAT, DOUBLE));
    assertSame(DOUBLE, widen(INT, FLOAT));
    assertSame(DOUBLE, widen(BIGINT, FLOAT));
    assertSame(FLOAT, widen(TINYINT, FLOAT));
    assertSame(FLOAT, widen(SMALLINT, FLOAT));
  }

  @Test
  void decimalAndFloatingPointMeetInString() {
    assertSame(STRING, widen(DECIMAL, DOUBLE));
    assertSame(STRING, widen(DECIMAL, FLOAT));
  }

  @Test
  void temporalTypes() {
    assertSame(TIMESTAMP, widen(DATE, TIMESTAMP));
    assertSame(TIMESTAMP_LTZ, widen(DATE, TIMESTAMP_LTZ));
    assertSame(TIMESTAMP_LTZ, widen(TIMESTAMP, TIMESTAMP_LTZ));
    assertSame(STRING, widen(TIME, TIMESTAMP));
    assertSame(STRING, widen(DATE, TIME));
  }

  @Test
  void unrelatedRootsMeetInString() {
    assertSame(STRING, widen(BOOLEAN, INT));
    assertSame(STRING, widen(BYTES, STRING));
    assertSame(STRING, widen(BYTES, BOOLEAN));
    assertSame(STRING, widen(ARRAY, MAP));
    assertSame(STRING, widen(ROW, INT));
    assertSame(ARRAY, widen(ARRAY, ARRAY));
    assertSame(ROW, widen(ROW, ROW));
  }

  @Test
  void idempotent() {
    for (SqlTypeRoot a : ALL) {
      assertSame(a, widen(a, a));
    }
  }

  @Test
  void commutative() {
    for (SqlTypeRoot a : ALL) {
      for (SqlTypeRoot b : ALL) {
        assertSame(widen(a, b), widen(b, a), a + "/" + b);
      }
    }
  }

  @Test
  void associative() {
    for (SqlTypeRoot a : ALL) {
      for (SqlTypeRoot b : ALL) {
        for (SqlTypeRoot c : ALL) {
          assertSame(widen(widen(a, b), c), widen(a, widen(b, c)), a + "/" + b + "/" + c);
        }
      }
    }
  }

  /** The result is an upper bound of both: widening it with either input changes nothing. */
  @Test
  void theResultHoldsBothInputs() {
    for (SqlTypeRoot a : ALL) {
      for (SqlTypeRoot b : ALL) {
        SqlTypeRoot w = widen(a, b);
        assertEquals(w, widen(w, a), a + "/" + b);
        assertEquals(w, widen(w, b), a + "/" + b);
        assertSame(STRING, widen(w, STRING));
      }
    }
  }
}
