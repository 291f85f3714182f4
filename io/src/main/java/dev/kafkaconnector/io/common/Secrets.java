package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.beam.sdk.transforms.display.DisplayData;

/**
 * Which option values are secrets, so that they never appear in logs, messages, {@code toString()}
 * or display data: options declared secret (the connector's and the formats', in any scope) and
 * Kafka client properties that hold credentials ({@code sasl.jaas.config}, passwords, keys,
 * tokens), and the secret options inside a JAAS configuration ({@code password="..."}).
 */
public final class Secrets {
  /** What a secret value is shown as. */
  public static final String MASK = "******";

  /**
   * One option of a JAAS configuration, {@code name="value"} (group 1 the name, group 2 the value
   * without its quotes, a backslash escaping the next character) or {@code name=value}.
   */
  private static final Pattern JAAS_OPTION =
      Pattern.compile("([A-Za-z0-9_.-]+)\\s*=\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|([^\\s;\"]+))");

  /** The user info of a URL: {@code //user:password@}. */
  private static final Pattern URL_USER_INFO = Pattern.compile("//[^/@\\s,]+@");

  private Secrets() {}

  /** Whether the value of connector option {@code key} is a secret. */
  public static boolean isSecretOption(String key) {
    return declaredSecret(key).orElse(false);
  }

  /**
   * Whether a value written under {@code key} must be treated as a secret when the key may not be a
   * declared option (text a user typed, before any validation, such as a statement in the SQL
   * shell): a declared option by its declaration ({@link #isSecretOption}), any other key by its
   * name, as {@link #isSecretProperty} judges client properties (so {@code
   * avro-confluent.basic-auth.user-info} and {@code x.bearer-auth.token} are secrets even where no
   * format declares them).
   */
  public static boolean isSecretKey(String key) {
    return declaredSecret(key).orElseGet(() -> isSecretProperty(key));
  }

  /** Whether {@code key}'s value is a secret by its declaration; empty for an undeclared key. */
  private static Optional<Boolean> declaredSecret(String key) {
    if (key.startsWith(KafkaConnectorOptions.PROPERTIES_PREFIX)) {
      return Optional.of(
          isSecretProperty(key.substring(KafkaConnectorOptions.PROPERTIES_PREFIX.length())));
    }
    List<ConfigOption<?>> declared = new ArrayList<>(KafkaConnectorOptions.allOptions());
    // the keys of Beam SQL's TBLPROPERTIES that are not connector options
    declared.addAll(KafkaConnectorOptions.sqlTableOptions());
    for (ConfigOption<?> option : declared) {
      if (option.key().equals(key)) {
        return Optional.of(option.isSecret());
      }
    }
    String bare = unscope(key);
    for (FormatFactory format : Formats.available().values()) {
      for (ConfigOption<?> option : format.options()) {
        if (option.matches(bare)) {
          return Optional.of(option.isPrefix() ? isSecretProperty(bare) : option.isSecret());
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the value of Kafka client property {@code clientKey} is a secret: passwords ({@code
   * ssl.truststore.password}, {@code ssl.keystore.password}, {@code ssl.key.password}, ...), the
   * JAAS configuration, keys, tokens, credentials and secrets of any kind, and the user-info
   * pass-through properties of schema registries ({@code basic.auth.user.info}, {@code
   * schema.registry.basic.auth.user.info}).
   */
  public static boolean isSecretProperty(String clientKey) {
    String k = clientKey.toLowerCase(Locale.ROOT);
    return k.contains("password")
        || k.contains("passwd")
        || k.contains("jaas")
        || k.contains("secret")
        || k.endsWith(".key")
        || k.endsWith("-key")
        || k.contains("apikey")
        || k.contains("token")
        || k.contains("credential")
        || k.contains("user.info")
        || k.contains("user-info")
        || k.contains("userinfo");
  }

  /**
   * Connector options with secret values masked, in the given order; in the others, the user info
   * of a URL ({@code http://user:password@host}, as {@code avro-confluent.url} may hold) is masked.
   */
  public static Map<String, String> redactOptions(Map<String, String> options) {
    Map<String, String> out = new LinkedHashMap<>();
    options.forEach((k, v) -> out.put(k, isSecretOption(k) ? MASK : maskUrlUserInfo(v)));
    return out;
  }

  /** Adds {@code options} to a transform's display data, secret values masked. */
  public static void addDisplayData(DisplayData.Builder builder, Map<String, String> options) {
    redactOptions(options).forEach((key, value) -> builder.add(DisplayData.item(key, value)));
  }

  /** {@code text} with the user info of every URL in it replaced by {@link #MASK}. */
  public static String maskUrlUserInfo(String text) {
    return text == null ? null : URL_USER_INFO.matcher(text).replaceAll("//" + MASK + "@");
  }

  /** Kafka client properties with secret values masked, sorted by key. */
  public static Map<String, String> redactProperties(Map<String, ?> properties) {
    Map<String, String> out = new TreeMap<>();
    properties.forEach((k, v) -> out.put(k, isSecretProperty(k) ? MASK : String.valueOf(v)));
    return out;
  }

  /**
   * A JAAS configuration (the value of {@code sasl.jaas.config}) with the value of every secret
   * option ({@code password}, {@code clientSecret}, tokens: names {@link #isSecretProperty} calls
   * secret) replaced by {@link #MASK}, the rest (login module, user name) kept, so that a masked
   * line still says who logs in and how.
   */
  public static String maskJaas(String jaas) {
    Matcher m = JAAS_OPTION.matcher(jaas);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement = m.group();
      if (isSecretProperty(m.group(1))) {
        int valueStart = m.group(2) != null ? m.start(2) : m.start(3);
        int valueEnd = m.group(2) != null ? m.end(2) : m.end(3);
        replacement =
            jaas.substring(m.start(), valueStart) + MASK + jaas.substring(valueEnd, m.end());
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * The (non-empty) values of the secret options of a JAAS configuration, see {@link #maskJaas}.
   */
  public static List<String> jaasSecretValues(String jaas) {
    List<String> out = new ArrayList<>();
    Matcher m = JAAS_OPTION.matcher(jaas);
    while (m.find()) {
      String value = m.group(2) != null ? m.group(2) : m.group(3);
      if (isSecretProperty(m.group(1)) && !value.isEmpty()) {
        out.add(value);
      }
    }
    return out;
  }

  private static String unscope(String key) {
    if (key.startsWith(FormatSelection.KEY_SCOPE)) {
      return key.substring(FormatSelection.KEY_SCOPE.length());
    }
    if (key.startsWith(FormatSelection.VALUE_SCOPE)) {
      return key.substring(FormatSelection.VALUE_SCOPE.length());
    }
    return key;
  }
}
