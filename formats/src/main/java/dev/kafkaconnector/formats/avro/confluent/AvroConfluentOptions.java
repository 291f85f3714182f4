package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.options.ConfigOption;
import java.util.List;

/**
 * The options of the {@code avro-confluent} format, with Flink's keys. The registry's credentials
 * (user info, bearer token, key and trust store passwords) are secrets.
 */
public final class AvroConfluentOptions {
  private AvroConfluentOptions() {}

  /** The prefix of every key. */
  static final String PREFIX = AvroConfluentFormatFactory.IDENTIFIER + ".";

  public static final ConfigOption<String> URL =
      ConfigOption.string(
          PREFIX + "url",
          "The URL of the Confluent-compatible schema registry (for example"
              + " 'http://registry:8081'); several, comma-separated, are tried in order. Required.");

  public static final ConfigOption<String> SUBJECT =
      ConfigOption.string(
          PREFIX + "subject",
          "The subject under which the writer registers its schema. Default: '<topic>-value' for"
              + " the value and '<topic>-key' for the key when the table has one topic; required"
              + " otherwise for writing. Reading finds each message's schema by the id in the"
              + " message and does not need it; inference reads the subject's latest schema.");

  public static final ConfigOption<String> SCHEMA =
      ConfigOption.string(
          PREFIX + "schema",
          "The Avro schema (JSON text, a record) to register and write with, and to read with"
              + " (as the reader's schema, resolved against each message's writer schema). Default:"
              + " derived from the columns as the 'avro' format derives it.");

  public static final ConfigOption<String> BASIC_AUTH_CREDENTIALS_SOURCE =
      ConfigOption.string(
          PREFIX + "basic-auth.credentials-source",
          "Where the registry's basic-auth credentials come from: 'USER_INFO' (the option"
              + " 'avro-confluent.basic-auth.user-info') or 'URL' (user:password@ in the URL)."
              + " Default: USER_INFO when the user info is set.");

  public static final ConfigOption<String> BASIC_AUTH_USER_INFO =
      ConfigOption.string(
              PREFIX + "basic-auth.user-info",
              "Basic-auth credentials for the registry, 'user:password'. A secret.")
          .secret();

  public static final ConfigOption<String> BEARER_AUTH_CREDENTIALS_SOURCE =
      ConfigOption.string(
          PREFIX + "bearer-auth.credentials-source",
          "Where the registry's bearer token comes from: 'STATIC_TOKEN' (the option"
              + " 'avro-confluent.bearer-auth.token'), the only source supported.");

  public static final ConfigOption<String> BEARER_AUTH_TOKEN =
      ConfigOption.string(
              PREFIX + "bearer-auth.token",
              "Bearer token sent to the registry (Authorization: Bearer). A secret.")
          .secret();

  public static final ConfigOption<String> SSL_KEYSTORE_LOCATION =
      ConfigOption.string(
          PREFIX + "ssl.keystore.location",
          "Key store (PKCS12 or JKS file) with the client certificate for a registry that"
              + " requires TLS client authentication.");

  public static final ConfigOption<String> SSL_KEYSTORE_PASSWORD =
      ConfigOption.string(PREFIX + "ssl.keystore.password", "Password of the key store. A secret.")
          .secret();

  public static final ConfigOption<String> SSL_TRUSTSTORE_LOCATION =
      ConfigOption.string(
          PREFIX + "ssl.truststore.location",
          "Trust store (PKCS12 or JKS file) with the certificates an https registry is trusted"
              + " by. Default: the JVM's trust store.");

  public static final ConfigOption<String> SSL_TRUSTSTORE_PASSWORD =
      ConfigOption.string(
              PREFIX + "ssl.truststore.password", "Password of the trust store. A secret.")
          .secret();

  public static final ConfigOption<String> PROPERTIES =
      ConfigOption.prefix(
          PREFIX + "properties.",
          "Schema-registry client properties by their Confluent names, for settings without an"
              + " option of their own: 'basic.auth.credentials.source', 'basic.auth.user.info',"
              + " 'bearer.auth.credentials.source', 'bearer.auth.token' and"
              + " 'auto.register.schemas' (default true; false looks the schema up under the"
              + " subject instead of registering it). The options above take precedence. Other"
              + " keys are rejected.");

  /** All options, in the order of the reference documentation. */
  public static List<ConfigOption<?>> all() {
    return List.of(
        URL,
        SUBJECT,
        SCHEMA,
        BASIC_AUTH_CREDENTIALS_SOURCE,
        BASIC_AUTH_USER_INFO,
        BEARER_AUTH_CREDENTIALS_SOURCE,
        BEARER_AUTH_TOKEN,
        SSL_KEYSTORE_LOCATION,
        SSL_KEYSTORE_PASSWORD,
        SSL_TRUSTSTORE_LOCATION,
        SSL_TRUSTSTORE_PASSWORD,
        PROPERTIES);
  }
}
