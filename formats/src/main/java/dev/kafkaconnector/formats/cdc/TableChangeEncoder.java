package dev.kafkaconnector.formats.cdc;

import dev.kafkaconnector.formats.FormatException;
import org.apache.beam.sdk.values.Row;

/**
 * A changelog encoder that a multi-table change stream's sink ({@code writeChanges()}) can use: it
 * writes a change of a known kind without a {@code row-kind} column, an update with both images,
 * and, bound to one table ({@link #forTable}), messages that name that table and its primary key.
 * The JSON changelog formats ({@link ChangelogEncoder}) and {@code canal-protobuf} implement it.
 */
public interface TableChangeEncoder extends UpdateEncoder {

  /**
   * This encoder for the changes of one table: the messages also name the table (and its primary
   * key where the format has a place for it).
   */
  TableChangeEncoder forTable(SourceTable table);

  /**
   * Encodes one change of {@code kind} of {@code data}, a row of the encoder's data columns (its
   * schema without a {@code row-kind} column).
   *
   * @throws FormatException when a value cannot be represented in the format
   */
  byte[] encode(RowKind kind, Row data) throws FormatException;
}
