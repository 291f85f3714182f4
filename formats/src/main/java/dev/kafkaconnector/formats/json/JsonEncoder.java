package dev.kafkaconnector.formats.json;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import org.apache.beam.sdk.values.Row;

/** Encodes each row as one JSON object in UTF-8. */
final class JsonEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private final RowToJsonConverter converter;

  JsonEncoder(RowToJsonConverter converter) {
    this.converter = converter;
  }

  @Override
  public byte[] encode(Row row) throws FormatException {
    return converter.toBytes(row);
  }
}
