package dev.kafkaconnector.formats.raw;

import dev.kafkaconnector.formats.RowEncoder;
import java.nio.charset.Charset;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.TypeName;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/** Writes the single column as the whole message; a null column writes a null message. */
final class RawEncoder implements RowEncoder {
  private static final long serialVersionUID = 1L;

  private final boolean asString;
  private final String charsetName;
  private transient @Nullable Charset charset;

  RawEncoder(Schema.Field field, Charset charset) {
    this.asString = field.getType().getTypeName() == TypeName.STRING;
    this.charsetName = charset.name();
    this.charset = charset;
  }

  @Override
  public byte @Nullable [] encode(Row row) {
    Object value = row.getValue(0);
    if (value == null) {
      return null;
    }
    return asString ? ((String) value).getBytes(charset()) : (byte[]) value;
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
