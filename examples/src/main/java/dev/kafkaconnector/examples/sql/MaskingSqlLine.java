package dev.kafkaconnector.examples.sql;

import java.io.IOException;
import java.io.InputStream;
import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.reader.impl.LineReaderImpl;
import sqlline.SqlLine;

/**
 * sqlline whose line reader keeps its history in a {@link SecretMaskingHistory}. sqlline 1.12.0
 * builds its JLine reader without a history of its own choosing (the reader's default {@code
 * DefaultHistory} is what it adds typed lines to and saves), so the reader's history is replaced
 * right after sqlline builds the reader. Should the reader not be JLine's {@link LineReaderImpl},
 * history is disabled rather than kept in clear text.
 */
final class MaskingSqlLine extends SqlLine {
  @Override
  public LineReader getConsoleReader(InputStream inputStream, History fileHistory)
      throws IOException {
    LineReader reader = super.getConsoleReader(inputStream, fileHistory);
    if (reader instanceof LineReaderImpl impl) {
      if (!(impl.getHistory() instanceof SecretMaskingHistory)) {
        impl.setHistory(new SecretMaskingHistory());
      }
    } else {
      reader.setVariable(LineReader.DISABLE_HISTORY, true);
    }
    return reader;
  }
}
