package dev.kafkaconnector.formats.avro;

import dev.kafkaconnector.formats.FormatException;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Encoder;
import org.apache.beam.sdk.values.Row;

/**
 * The Avro binary codecs of this package for formats that frame Avro records their own way (such as
 * {@code avro-confluent}, which prefixes a schema id): readers and writers built once per schema,
 * the same that the {@code avro} format uses, and its schema derivation.
 */
public final class AvroCodecs {
  private AvroCodecs() {}

  /** Reads one record into a row. Not thread-safe: one per decoder. */
  public interface RowReader {
    /**
     * @throws FormatException naming the field when the bytes are not a record of the schema
     */
    Row read(BinaryDecoder in) throws FormatException;
  }

  /** Writes one row as a record. */
  public interface RowWriter {
    /**
     * @throws FormatException naming the field when a value cannot be written
     */
    void write(Row row, Encoder out) throws FormatException;
  }

  /**
   * A reader of rows of {@code columns} from records written with {@code writer}, resolved as Avro
   * schema resolution does against {@code reader} (the reader's schema): fields without column are
   * skipped, columns the writer lacks take the reader's default or null, numbers, strings and bytes
   * are promoted.
   *
   * @throws IllegalArgumentException when the schemas are incompatible: a column without field nor
   *     default, or a field whose type cannot be read as its column's; the message names it
   */
  public static RowReader resolvingReader(
      Schema writer, Schema reader, org.apache.beam.sdk.schemas.Schema columns) {
    AvroReaders.RecordReader record =
        AvroReaders.record(writer, columns, "", AvroDefaults.resolving(reader));
    return record::read;
  }

  /**
   * A writer of rows of {@code columns} as records of {@code avro}, fields matched by name; fields
   * without column get their default.
   *
   * @throws IllegalArgumentException naming the column or field that does not fit
   */
  public static RowWriter writer(Schema avro, org.apache.beam.sdk.schemas.Schema columns) {
    AvroWriters.RecordWriter record = AvroWriters.record(avro, columns, "");
    return record::write;
  }

  /**
   * The Avro schema derived from {@code columns}, as Flink derives it (record {@code record},
   * nullable columns as unions with null first, default null; the legacy timestamp mapping).
   *
   * @throws IllegalArgumentException naming a column whose type has no Avro type
   */
  public static Schema derive(org.apache.beam.sdk.schemas.Schema columns) {
    return AvroSchemaDerivation.derive(columns, true);
  }

  /**
   * The columns of records of {@code avro}, as Flink's Avro type conversion gives them: nullable
   * for a union with null, NOT NULL otherwise.
   *
   * @throws IllegalArgumentException naming a field whose type has no column type
   */
  public static org.apache.beam.sdk.schemas.Schema columns(Schema avro) {
    return AvroColumns.of(avro);
  }
}
