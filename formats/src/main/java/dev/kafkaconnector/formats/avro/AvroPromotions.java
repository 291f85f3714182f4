package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.schema.SqlTypeRoot;
import org.apache.avro.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;

/**
 * The promotions of Avro schema resolution that a reader applies when a field was written with a
 * narrower type than its column's: int to long, float or double; long to float or double; float to
 * double; string to bytes and bytes to string (the same bytes on the wire). Only for types without
 * logical type: a date is not a number.
 */
final class AvroPromotions {
  private AvroPromotions() {}

  /**
   * The reader of a column of {@code type} from values written as {@code avro}, when that takes a
   * promotion; null when the types match without one (or do not match at all).
   */
  static AvroReaders.ValueReader reader(Schema avro, FieldType type, String path) {
    if (avro.getLogicalType() != null) {
      return null;
    }
    SqlTypeRoot kind = AvroTypeMatch.column(type, path).root();
    Schema.Type written = avro.getType();
    switch (kind) {
      case BIGINT:
        return written == Schema.Type.INT ? in -> (long) in.readInt() : null;
      case FLOAT:
        if (written == Schema.Type.INT) {
          return in -> (float) in.readInt();
        }
        return written == Schema.Type.LONG ? in -> (float) in.readLong() : null;
      case DOUBLE:
        if (written == Schema.Type.INT) {
          return in -> (double) in.readInt();
        }
        if (written == Schema.Type.LONG) {
          return in -> (double) in.readLong();
        }
        return written == Schema.Type.FLOAT ? in -> (double) in.readFloat() : null;
      case STRING:
        return written == Schema.Type.BYTES ? new AvroReaders.StringReader() : null;
      case BYTES:
        return written == Schema.Type.STRING
            ? AvroReaders.bytes(Schema.create(Schema.Type.BYTES))
            : null;
      default:
        return null;
    }
  }
}
