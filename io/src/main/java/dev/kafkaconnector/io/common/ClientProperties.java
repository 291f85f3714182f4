package dev.kafkaconnector.io.common;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.security.JaasContext;

/**
 * Checks the {@code properties.*} options of a source or sink when the transform is applied, the
 * way the Kafka client would check them when it is created, so that a bad value fails at
 * construction naming the option key instead of on a worker. Secret values are never echoed.
 */
public final class ClientProperties {
  private static final Pattern CONFIG_NAME = Pattern.compile("for configuration ([A-Za-z0-9._-]+)");

  /**
   * The package prefix of Kafka classes relocated inside Flink's Kafka connector jar, as the spec's
   * examples write {@code properties.sasl.jaas.config} with it; this connector uses the plain Kafka
   * client, so the prefix is removed from every client property value.
   */
  static final String FLINK_SHADED_KAFKA = "org.apache.flink.kafka.shaded.org.apache.kafka.";

  private ClientProperties() {}

  /**
   * The {@code properties.*} options with the prefix removed (and Flink's relocated Kafka class
   * names, {@value #FLINK_SHADED_KAFKA}..., turned into the Kafka client's), after checking that
   * {@code properties.bootstrap.servers} is set and that none of {@code reserved} is.
   *
   * @param why the end of the message for a reserved key, saying what the connector does instead
   * @throws IllegalArgumentException naming the key
   */
  public static Map<String, String> fromOptions(
      dev.kafkaconnector.formats.options.Configuration conf, List<String> reserved, String why) {
    String servers = conf.get(KafkaConnectorOptions.BOOTSTRAP_SERVERS);
    if (servers == null || servers.isBlank()) {
      throw new IllegalArgumentException(
          "Option 'properties.bootstrap.servers' is required, for example 'host1:9092,host2:9092'");
    }
    Map<String, String> client = new HashMap<>();
    conf.withPrefixStripped(KafkaConnectorOptions.PROPERTIES_PREFIX)
        .forEach((k, v) -> client.put(k, v.replace(FLINK_SHADED_KAFKA, "org.apache.kafka.")));
    for (String key : reserved) {
      if (client.containsKey(key)) {
        throw new IllegalArgumentException("Option 'properties." + key + "' cannot be set: " + why);
      }
    }
    return client;
  }

  /**
   * Validates {@code props} against the client's config definition and parses {@code
   * sasl.jaas.config}.
   *
   * @param props the client properties, prefix removed, with the settings the connector forces
   * @param definition the client's {@code ConfigDef} ({@code ConsumerConfig.configDef()}, …)
   * @throws IllegalArgumentException naming {@code properties.<key>}, without a secret value
   */
  public static void validate(Map<String, ?> props, ConfigDef definition) {
    Map<String, Object> parsed;
    try {
      parsed = definition.parse(new HashMap<>(props));
    } catch (ConfigException e) {
      String key = configName(e.getMessage());
      String message = e.getMessage();
      if (key == null || Secrets.isSecretProperty(key)) {
        message = "the Kafka client rejects its value";
      } else {
        message = mask(message, props);
      }
      throw new IllegalArgumentException(
          "Invalid value for option '"
              + KafkaConnectorOptions.PROPERTIES_PREFIX
              + (key == null ? "*" : key)
              + "': "
              + message,
          null);
    }
    if (parsed.get(SaslConfigs.SASL_JAAS_CONFIG) != null) {
      try {
        JaasContext.loadClientContext(parsed);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Option 'properties.sasl.jaas.config' is not a valid JAAS configuration (expected"
                + " '<LoginModule class> required <option>=\"<value>\" ...;', for example"
                + " 'org.apache.kafka.common.security.scram.ScramLoginModule required"
                + " username=\"...\" password=\"...\";'); its value is not shown because it holds"
                + " credentials");
      }
    }
  }

  /** The client keys among {@code props} that the connector sets itself and overrides. */
  public static List<String> overridden(Map<String, ?> props, Map<String, ?> forced) {
    List<String> out = new ArrayList<>();
    forced.forEach(
        (k, v) -> {
          Object user = props.get(k);
          if (user != null && !String.valueOf(user).equals(String.valueOf(v))) {
            out.add(k);
          }
        });
    return out;
  }

  private static String configName(String message) {
    if (message == null) {
      return null;
    }
    Matcher m = CONFIG_NAME.matcher(message);
    return m.find() ? m.group(1) : null;
  }

  private static String mask(String message, Map<String, ?> props) {
    String out = message;
    for (Map.Entry<String, ?> e : props.entrySet()) {
      String value = String.valueOf(e.getValue());
      if (Secrets.isSecretProperty(e.getKey()) && !value.isEmpty()) {
        out = out.replace(value, Secrets.MASK);
      }
    }
    return out;
  }
}
