package dev.kafkaconnector.io.source.reader;

import dev.kafkaconnector.io.source.decode.BadRecordException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.apache.beam.sdk.values.Row;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.joda.time.ReadableInstant;

/**
 * The event time of rows taken from a column ({@code scan.watermark.column}, Flink's {@code
 * WATERMARK FOR col}): a TIMESTAMP_LTZ column (Beam's DATETIME) is an instant; a TIMESTAMP column
 * (a {@code LocalDateTime}) is read as UTC, as Flink's windows read a TIMESTAMP rowtime. The
 * column's index is found in the first row's schema and kept.
 */
public final class EventTimeColumn implements RowEventTime {
  private final String name;
  private int index = -1;

  EventTimeColumn(String name) {
    this.name = name;
  }

  /**
   * Checks that {@code column} (when set) is a TIMESTAMP or TIMESTAMP_LTZ column of the rows.
   *
   * @throws IllegalArgumentException naming the option and the column
   */
  public static void check(@Nullable String column, Schema rows) {
    if (column == null) {
      return;
    }
    if (!rows.hasField(column)) {
      throw new IllegalArgumentException(
          "Option 'scan.watermark.column' is '"
              + column
              + "', which is not a column of the source (its columns: "
              + rows.getFieldNames()
              + ")");
    }
    Schema.FieldType type = rows.getField(column).getType();
    if (!isTimestamp(type)) {
      throw new IllegalArgumentException(
          "Option 'scan.watermark.column': column '"
              + column
              + "' must be TIMESTAMP or TIMESTAMP_LTZ to be the event time, but is "
              + type);
    }
  }

  private static boolean isTimestamp(Schema.FieldType type) {
    if (type.getTypeName() == Schema.TypeName.DATETIME) {
      return true;
    }
    return type.getTypeName() == Schema.TypeName.LOGICAL_TYPE
        && type.getLogicalType().getIdentifier().equals(SqlTypes.DATETIME.getIdentifier());
  }

  /**
   * The event time of {@code row}, in epoch milliseconds.
   *
   * @throws BadRecordException when the column is null (a row without event time)
   */
  @Override
  public long millisOf(Row row, ConsumerRecord<byte[], byte[]> record) {
    if (index < 0) {
      index = row.getSchema().indexOf(name);
    }
    Object value = row.getValue(index);
    if (value instanceof ReadableInstant instant) {
      return instant.getMillis();
    }
    if (value instanceof LocalDateTime local) {
      return local.toInstant(ZoneOffset.UTC).toEpochMilli();
    }
    throw new BadRecordException(
        record,
        "column '"
            + name
            + "' (scan.watermark.column, the event time) is "
            + (value == null ? "null" : "not a timestamp: " + value.getClass().getName()),
        null);
  }
}
