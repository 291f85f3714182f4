package dev.kafkaconnector.io;

import dev.kafkaconnector.io.common.KafkaConnectorOptions;
import dev.kafkaconnector.io.common.MetadataKey;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.coders.KvCoder;
import org.apache.beam.sdk.coders.RowCoder;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.transforms.Combine;
import org.apache.beam.sdk.transforms.DoFn;
import org.apache.beam.sdk.transforms.PTransform;
import org.apache.beam.sdk.transforms.ParDo;
import org.apache.beam.sdk.transforms.SerializableBiFunction;
import org.apache.beam.sdk.values.KV;
import org.apache.beam.sdk.values.PCollection;
import org.apache.beam.sdk.values.Row;

/**
 * Folds the changelog of an upsert table into its current rows: per primary key, the change with
 * the highest record {@code partition} / {@code offset} wins (records of one key are in one
 * partition, so that is the last change), and keys whose last change is a delete disappear. The
 * input needs the primary key columns and the metadata columns {@code row-kind} and {@code offset}
 * (and {@code partition} when the topic has several); the output rows keep the input schema.
 * Without columns, the primary key is the one an upsert-kafka read put on its rows' schema. Per
 * window: on a bounded read it gives the table at the end of the read.
 */
public final class LatestPerKey extends PTransform<PCollection<Row>, PCollection<Row>> {
  private static final long serialVersionUID = 1L;

  private final List<String> primaryKey;

  LatestPerKey(List<String> primaryKey) {
    this.primaryKey = primaryKey;
  }

  @Override
  public PCollection<Row> expand(PCollection<Row> input) {
    Schema schema = input.getSchema();
    List<String> primaryKey = this.primaryKey;
    String option = KafkaConnectorOptions.PRIMARY_KEY_SCHEMA_OPTION;
    if (primaryKey.isEmpty() && schema.getOptions().hasOption(option)) {
      primaryKey = List.of(schema.getOptions().<String>getValue(option).split(";"));
    }
    List<String> missing = new ArrayList<>();
    for (String column : primaryKey) {
      if (!schema.hasField(column)) {
        missing.add(column);
      }
    }
    for (String column : List.of(KafkaConnectorOptions.ROW_KIND_KEY, MetadataKey.OFFSET.key())) {
      if (!schema.hasField(column)) {
        missing.add(column);
      }
    }
    if (primaryKey.isEmpty() || !missing.isEmpty()) {
      throw new IllegalArgumentException(
          "latestPerKey("
              + primaryKey
              + ") needs the primary key columns and the metadata"
              + " columns 'row-kind' and 'offset' (metadata.list = 'row-kind,offset,partition');"
              + " missing: "
              + missing
              + " in "
              + schema.getFieldNames());
    }
    Schema.Builder keyBuilder = Schema.builder();
    for (String c : primaryKey) {
      keyBuilder.addField(schema.getField(c));
    }
    Schema key = keyBuilder.build();
    boolean hasPartition = schema.hasField(MetadataKey.PARTITION.key());
    return input
        .apply("KeyByPrimaryKey", ParDo.of(new KeyFn(primaryKey, key)))
        .setCoder(KvCoder.of(RowCoder.of(key), RowCoder.of(schema)))
        .apply("LastChange", Combine.perKey(Combine.BinaryCombineFn.of(new Later(hasPartition))))
        .apply("DropDeleted", ParDo.of(new LiveRowsFn()))
        .setRowSchema(schema);
  }

  private static final class KeyFn extends DoFn<Row, KV<Row, Row>> {
    private final List<String> primaryKey;
    private final Schema key;

    KeyFn(List<String> primaryKey, Schema key) {
      this.primaryKey = primaryKey;
      this.key = key;
    }

    @ProcessElement
    public void process(@Element Row row, OutputReceiver<KV<Row, Row>> out) {
      List<Object> values = new ArrayList<>(primaryKey.size());
      primaryKey.forEach(c -> values.add(row.getValue(c)));
      out.output(KV.of(Row.withSchema(key).attachValues(values), row));
    }
  }

  /** The later of two changes of one key, by partition then offset. */
  private static final class Later implements SerializableBiFunction<Row, Row, Row> {
    private final boolean hasPartition;

    Later(boolean hasPartition) {
      this.hasPartition = hasPartition;
    }

    @Override
    public Row apply(Row a, Row b) {
      if (hasPartition) {
        int pa = a.getInt32(MetadataKey.PARTITION.key());
        int pb = b.getInt32(MetadataKey.PARTITION.key());
        if (pa != pb) {
          return pa > pb ? a : b;
        }
      }
      return a.getInt64(MetadataKey.OFFSET.key()) >= b.getInt64(MetadataKey.OFFSET.key()) ? a : b;
    }
  }

  private static final class LiveRowsFn extends DoFn<KV<Row, Row>, Row> {
    @ProcessElement
    public void process(@Element KV<Row, Row> change, OutputReceiver<Row> out) {
      if (!"-D".equals(change.getValue().getString(KafkaConnectorOptions.ROW_KIND_KEY))) {
        out.output(change.getValue());
      }
    }
  }
}
