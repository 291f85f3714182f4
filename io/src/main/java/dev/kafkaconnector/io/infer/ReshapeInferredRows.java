package dev.kafkaconnector.io.infer;

import dev.kafkaconnector.schema.infer.RowFlattener;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;

/**
 * The step after a read with an inferred schema that flattens and orders decoded rows into the
 * inferred output schema ({@link InferredRead#reshape()}). Internal.
 */
public final class ReshapeInferredRows {
  private ReshapeInferredRows() {}

  /** {@code rows} in the inferred output schema: unchanged when no reshaping is needed. */
  public static PCollection<Row> apply(PCollection<Row> rows, InferredRead inferred) {
    if (inferred.reshape() == null) {
      return rows;
    }
    return rows.apply("FlattenInferredColumns", ParDo.of(new FlattenFn(inferred.reshape())))
        .setRowSchema(inferred.outputSchema());
  }

  /** Flattens and orders one decoded row. */
  private static final class FlattenFn extends DoFn<Row, Row> {
    private static final long serialVersionUID = 1L;
    private final RowFlattener flattener;

    FlattenFn(RowFlattener flattener) {
      this.flattener = flattener;
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<Row> out) {
      out.output(flattener.flatten(row));
    }
  }
}
