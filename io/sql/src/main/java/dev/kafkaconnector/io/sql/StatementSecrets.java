package dev.kafkaconnector.io.sql;

import dev.kafkaconnector.io.common.Secrets;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Kind;
import dev.kafkaconnector.io.common.ddl.DdlTokenizer.Token;
import java.util.List;
import java.util.Locale;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Masks the secret values in the text of SQL statements as a user typed them, for places that keep
 * that text, such as the SQL shell's history file: the value after a secret key, where keys and
 * values are string literals ({@code 'key' = 'value'} in Flink's {@code WITH (...)}, in {@code
 * CREATE CATALOG ... PROPERTIES (...)}, in {@code SET}) or JSON strings inside a literal (Beam's
 * {@code TBLPROPERTIES '{"key": "value"}'}).
 *
 * <p>Keys are judged by {@link Secrets#isSecretKey} (declared options by their declaration, other
 * keys such as {@code properties.ssl.truststore.password} or {@code
 * avro-confluent.basic-auth.user-info} by their name). A JAAS configuration ({@code *.jaas.config})
 * keeps its login module and user name, its password becomes {@code password="******"} ({@link
 * Secrets#maskJaas}), so that the masked statement can be recalled and edited; any other secret
 * value becomes {@code '******'}. The text is only split into tokens, not parsed, so invalid or
 * unfinished statements are masked too; the rest of the text is kept as written.
 */
public final class StatementSecrets {
  private StatementSecrets() {}

  /**
   * The statement text with every secret value masked.
   *
   * @param text one or more statements (or a sqlline command), possibly over several lines
   * @return the masked text, or null when the text cannot be split into tokens (an unterminated
   *     quote or comment), so that where a secret ends is not known and the text must not be kept
   */
  public static @Nullable String mask(String text) {
    List<Token> tokens;
    try {
      tokens = DdlTokenizer.tokenize(text);
    } catch (IllegalArgumentException unterminated) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    int copied = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Token token = tokens.get(i);
      if (token.kind() != Kind.STRING) {
        continue;
      }
      String key = keyBefore(tokens, i);
      String masked =
          key != null && Secrets.isSecretKey(key)
              ? maskValue(key, token.text())
              : JsonSecrets.maskObject(token.text());
      if (masked == null) {
        return null;
      }
      if (!masked.equals(token.text())) {
        out.append(text, copied, token.start())
            .append('\'')
            .append(masked.replace("'", "''"))
            .append('\'');
        copied = token.end();
      }
    }
    return out.append(text, copied, text.length()).toString();
  }

  /**
   * The masked form of the value of secret key {@code key}: a JAAS configuration without the values
   * of its secret options, anything else {@link Secrets#MASK}.
   */
  static String maskValue(String key, String value) {
    return key.toLowerCase(Locale.ROOT).endsWith("jaas.config")
        ? Secrets.maskJaas(value)
        : Secrets.MASK;
  }

  /** The key literal of {@code 'key' = <token i>}, or null when token i is not such a value. */
  private static @Nullable String keyBefore(List<Token> tokens, int i) {
    if (i < 2 || !tokens.get(i - 1).isSymbol('=')) {
      return null;
    }
    Token key = tokens.get(i - 2);
    return key.kind() == Kind.STRING ? key.text() : null;
  }
}
