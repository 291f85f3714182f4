package dev.kafkaconnector.schema.change;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.apache.beam.sdk.util.CoderUtils;
import org.junit.jupiter.api.Test;

class TableSchemaCoderTest {
  @Test
  void roundTripsExactlyAndChecksItsVersion() throws Exception {
    TableSchemaCoder coder = TableSchemaCoder.of();
    assertEquals(ChangeEventCoderTest.WIDE, CoderUtils.clone(coder, ChangeEventCoderTest.WIDE));
    byte[] bytes = CoderUtils.encodeToByteArray(coder, ChangeEventCoderTest.WIDE);
    bytes[0] = 2;
    IOException e =
        assertThrows(IOException.class, () -> coder.decode(new ByteArrayInputStream(bytes)));
    assertTrue(e.getMessage().contains("version 2"), e.getMessage());
  }
}
