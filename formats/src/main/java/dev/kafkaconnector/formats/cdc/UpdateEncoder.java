package dev.kafkaconnector.formats.cdc;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import org.apache.beam.sdk.values.Row;

/**
 * A changelog encoder that can also write an update as one message holding both images (Debezium
 * {@code "op":"u"}, Canal {@code UPDATE} with {@code old}, Maxwell {@code update} with {@code
 * old}). {@link RowEncoder#encode} sees one row at a time and so, like Flink, writes the {@code -U}
 * row of an update as a delete and the {@code +U} row as an insert; a writer that holds both images
 * of an update calls {@link #encodeUpdate} instead.
 */
public interface UpdateEncoder extends RowEncoder {

  /**
   * Encodes the update of {@code before} into {@code after}; both rows have the encoder's schema (a
   * {@code row-kind} column, if any, is not read).
   *
   * @throws FormatException when a value cannot be represented in the format
   */
  byte[] encodeUpdate(Row before, Row after) throws FormatException;
}
