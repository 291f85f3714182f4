package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.FormatException;

/**
 * The Confluent wire format's framing: a magic byte 0 and the writer schema's id as a 4-byte
 * big-endian integer, before the serialized record.
 */
final class ConfluentWireFormat {
  private ConfluentWireFormat() {}

  static final byte MAGIC = 0;

  /** Bytes before the record: the magic byte and the id. */
  static final int HEADER = 5;

  /**
   * The schema id of {@code message}.
   *
   * @throws FormatException for a message too short or with another magic byte
   */
  static int schemaId(byte[] message, String format) throws FormatException {
    if (message.length < HEADER) {
      throw new FormatException(
          format,
          null,
          "the message has "
              + message.length
              + " bytes, fewer than the 5 of the Confluent wire format's header (magic byte 0"
              + " and a 4-byte schema id)");
    }
    if (message[0] != MAGIC) {
      throw new FormatException(
          format,
          null,
          "unknown magic byte "
              + (message[0] & 0xff)
              + " (expected 0): the message is not in the Confluent wire format");
    }
    return ((message[1] & 0xff) << 24)
        | ((message[2] & 0xff) << 16)
        | ((message[3] & 0xff) << 8)
        | (message[4] & 0xff);
  }

  /** The header for records of schema {@code id}. */
  static byte[] header(int id) {
    return new byte[] {MAGIC, (byte) (id >>> 24), (byte) (id >>> 16), (byte) (id >>> 8), (byte) id};
  }
}
