package dev.kafkaconnector.formats.raw;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowEncoder;
import dev.kafkaconnector.formats.text.Utf16;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Writes the single column as the whole message; a null column writes a null message. A STRING that
 * the charset cannot represent (a character outside it, an unpaired surrogate) is an error, never
 * replaced by {@code '?'} as {@code String.getBytes} would.
 */
final class RawEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private final String fieldName;
  private final boolean asString;
  private final String charsetName;
  private final boolean utf8;
  private transient @Nullable CharsetEncoder charsetEncoder;

  RawEncoder(Schema.Field field, Charset charset) {
    this.fieldName = field.getName();
    this.asString = field.getType().getTypeName() == TypeName.STRING;
    this.charsetName = charset.name();
    this.utf8 = charset.equals(StandardCharsets.UTF_8);
  }

  @Override
  public byte @Nullable [] encode(Row row) throws FormatException {
    Object value = row.getValue(0);
    if (value == null) {
      return null;
    }
    return asString ? encodeString((String) value) : (byte[]) value;
  }

  private byte[] encodeString(String text) throws FormatException {
    if (utf8) {
      // The common case, at String.getBytes speed: UTF-8 represents every well-formed string.
      return Utf16.wellFormed(text, RawFormatFactory.IDENTIFIER, fieldName)
          .getBytes(StandardCharsets.UTF_8);
    }
    CharsetEncoder encoder = charsetEncoder;
    if (encoder == null) {
      encoder =
          Charset.forName(charsetName)
              .newEncoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT);
      charsetEncoder = encoder;
    }
    try {
      ByteBuffer bytes = encoder.encode(CharBuffer.wrap(text));
      byte[] out = new byte[bytes.remaining()];
      bytes.get(out);
      return out;
    } catch (CharacterCodingException e) {
      throw new FormatException(
          RawFormatFactory.IDENTIFIER,
          fieldName,
          "the string cannot be written in "
              + charsetName
              + " ("
              + e
              + "): a character outside"
              + " the charset or an unpaired surrogate",
          e);
    }
  }
}
