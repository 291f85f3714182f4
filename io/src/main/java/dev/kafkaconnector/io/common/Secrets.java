package dev.kafkaconnector.io.common;

import dev.kafkaconnector.formats.FormatFactory;
import dev.kafkaconnector.formats.Formats;
import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which option values are secrets, so that they never appear in logs, messages, {@code
 * toString()} or display data: options declared secret (the connector's and the formats', in any
 * scope) and Kafka client properties that hold credentials ({@code sasl.jaas.config}, passwords,
 * keys, tokens).
 */
public final class Secrets {
  /** What a secret value is shown as. */
  public static final String MASK = "******";

  private Secrets() {}

  /** Whether the value of connector option {@code key} is a secret. */
  public static boolean isSecretOption(String key) {
    if (key.startsWith(KafkaConnectorOptions.PROPERTIES_PREFIX)) {
      return isSecretProperty(key.substring(KafkaConnectorOptions.PROPERTIES_PREFIX.length()));
    }
    for (ConfigOption<?> option : KafkaConnectorOptions.allOptions()) {
      if (option.key().equals(key)) {
        return option.isSecret();
      }
    }
    String bare = unscope(key);
    for (FormatFactory format : Formats.available().values()) {
      for (ConfigOption<?> option : format.options()) {
        if (option.key().equals(bare)) {
          return option.isSecret();
        }
      }
    }
    return false;
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

  /** Connector options with secret values masked, in the given order. */
  public static Map<String, String> redactOptions(Map<String, String> options) {
    Map<String, String> out = new LinkedHashMap<>();
    options.forEach((k, v) -> out.put(k, isSecretOption(k) ? MASK : v));
    return out;
  }

  /** Kafka client properties with secret values masked, sorted by key. */
  public static Map<String, String> redactProperties(Map<String, ?> properties) {
    Map<String, String> out = new TreeMap<>();
    properties.forEach((k, v) -> out.put(k, isSecretProperty(k) ? MASK : String.valueOf(v)));
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
