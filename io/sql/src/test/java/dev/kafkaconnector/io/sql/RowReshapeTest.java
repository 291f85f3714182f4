package dev.kafkaconnector.io.sql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.beam.sdk.Pipeline;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.testing.PAssert;
import org.apache.beam.sdk.transforms.Create;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;
import org.junit.jupiter.api.Test;

class RowReshapeTest {
  private static final Schema READ =
      Schema.builder().addInt64Field("offset").addInt32Field("partition").build();
  private static final Schema DECLARED =
      Schema.builder().addInt64Field("part").addInt32Field("off").build();

  private static RowReshape reshape() {
    return RowReshape.to(DECLARED, new int[] {1, 0})
        .withIntegerCasts("t", new boolean[] {true, true});
  }

  @Test
  void integerColumnsAreConvertedToTheirDeclaredType() {
    assertTrue(RowReshape.integerCastable(FieldType.INT64, FieldType.INT32));
    assertFalse(RowReshape.integerCastable(FieldType.INT64, FieldType.STRING));
    assertFalse(reshape().isIdentity(DECLARED));
    Pipeline p = Pipeline.create();
    PCollection<Row> rows =
        p.apply(Create.of(Row.withSchema(READ).addValues(42L, 3).build()).withRowSchema(READ))
            .apply(reshape());
    PAssert.that(rows).containsInAnyOrder(Row.withSchema(DECLARED).addValues(3L, 42).build());
    p.run().waitUntilFinish();
  }

  @Test
  void aValueThatDoesNotFitFailsNamingTheTableAndColumn() {
    Pipeline p = Pipeline.create();
    p.apply(
            Create.of(Row.withSchema(READ).addValues(3_000_000_000L, 3).build())
                .withRowSchema(READ))
        .apply(reshape());
    RuntimeException e = assertThrows(RuntimeException.class, () -> p.run().waitUntilFinish());
    String all = e.getMessage() + " " + e.getCause();
    assertTrue(
        all.contains(
            "Table 't': column 'off' is declared INT32 but a row has 3000000000, which does not"
                + " fit (declare it BIGINT)"),
        all);
  }
}
