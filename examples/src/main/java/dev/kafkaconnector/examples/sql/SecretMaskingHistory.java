package dev.kafkaconnector.examples.sql;

import dev.kafkaconnector.io.sql.StatementSecrets;
import java.time.Instant;
import org.jline.reader.impl.history.DefaultHistory;

/**
 * The shell's history (JLine's {@link DefaultHistory}, which sqlline saves to {@code
 * ~/.sqlline/history} or {@code --historyFile}): every line is added with its secret values masked
 * by {@link StatementSecrets} (a JAAS password becomes {@code password="******"}, a truststore
 * password {@code '******'}), so that a {@code CREATE TABLE} with credentials never lands in the
 * file in clear text and can still be recalled and edited. A line whose secrets cannot be delimited
 * (an unterminated quote) is not kept at all. The line reader returns the line as typed, so the
 * statement still runs unmasked.
 */
final class SecretMaskingHistory extends DefaultHistory {
  @Override
  public void add(Instant time, String line) {
    String masked = StatementSecrets.mask(line);
    if (masked != null) {
      super.add(time, masked);
    }
  }
}
