package dev.kafkaconnector.formats.raw;

import dev.kafkaconnector.formats.FormatException;
import dev.kafkaconnector.formats.RowDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.Collections;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Decodes the whole message into the single column. Bytes that are not valid in the charset are an
 * error (never silently replaced); a null message gives a null column when it is nullable.
 */
final class RawDecoder implements RowDecoder {
  private static final long serialVersionUID = 1L;

  private final Schema schema;
  private final String fieldName;
  private final boolean asString;
  private final boolean nullable;
  private final String charsetName;
  private transient @Nullable Charset charset;
  private transient @Nullable CharsetDecoder charsetDecoder;

  RawDecoder(Schema schema, Schema.Field field, Charset charset) {
    this.schema = schema;
    this.fieldName = field.getName();
    this.asString = field.getType().getTypeName() == TypeName.STRING;
    this.nullable = Boolean.TRUE.equals(field.getType().getNullable());
    this.charsetName = charset.name();
    this.charset = charset;
  }

  @Override
  public void decode(byte @Nullable [] message, RowCollector out) throws FormatException {
    if (message == null) {
      if (!nullable) {
        throw new FormatException(
            RawFormatFactory.IDENTIFIER,
            fieldName,
            "the record has no value (null, a tombstone) but the column is NOT NULL");
      }
      out.collect(Row.withSchema(schema).attachValues(Collections.singletonList(null)));
      return;
    }
    Object value = asString ? decodeString(message) : message;
    out.collect(Row.withSchema(schema).attachValues(Collections.singletonList(value)));
  }

  private String decodeString(byte[] message) throws FormatException {
    CharsetDecoder decoder = charsetDecoder;
    if (decoder == null) {
      decoder =
          charset()
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT);
      charsetDecoder = decoder;
    }
    try {
      return decoder.decode(ByteBuffer.wrap(message)).toString();
    } catch (CharacterCodingException e) {
      throw new FormatException(
          RawFormatFactory.IDENTIFIER,
          fieldName,
          "the bytes are not valid " + charsetName + " (" + e + ")",
          e);
    }
  }

  private Charset charset() {
    Charset c = charset;
    if (c == null) {
      c = Charset.forName(charsetName);
      charset = c;
    }
    return c;
  }
}
