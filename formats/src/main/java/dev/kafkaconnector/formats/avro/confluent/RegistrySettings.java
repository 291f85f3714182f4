package dev.kafkaconnector.formats.avro.confluent;

import dev.kafkaconnector.formats.options.ConfigOption;
import dev.kafkaconnector.formats.options.Configuration;
import java.io.Serializable;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * How to reach a schema registry, read once from the {@code avro-confluent.*} options: the URLs
 * (without credentials), the Authorization header, the TLS stores and whether writers register
 * their schema. Serialized into the pipeline with the decoders and encoders; {@link #toString()}
 * shows the URLs only.
 */
final class RegistrySettings implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The client properties (by Confluent name) this connector understands. */
  static final Set<String> KNOWN_PROPERTIES =
      Set.of(
          "basic.auth.credentials.source",
          "basic.auth.user.info",
          "bearer.auth.credentials.source",
          "bearer.auth.token",
          "auto.register.schemas");

  private final List<URI> urls;
  private final @Nullable String authorization;
  private final @Nullable String keyStore;
  private final @Nullable String keyStorePassword;
  private final @Nullable String trustStore;
  private final @Nullable String trustStorePassword;
  private final boolean autoRegister;

  private RegistrySettings(
      List<URI> urls, @Nullable String authorization, Configuration options, boolean autoRegister) {
    this.urls = List.copyOf(urls);
    this.authorization = authorization;
    this.keyStore = options.get(AvroConfluentOptions.SSL_KEYSTORE_LOCATION);
    this.keyStorePassword = options.get(AvroConfluentOptions.SSL_KEYSTORE_PASSWORD);
    this.trustStore = options.get(AvroConfluentOptions.SSL_TRUSTSTORE_LOCATION);
    this.trustStorePassword = options.get(AvroConfluentOptions.SSL_TRUSTSTORE_PASSWORD);
    this.autoRegister = autoRegister;
  }

  /**
   * Reads the settings from the format's options.
   *
   * @throws IllegalArgumentException naming the option key: no URL, a malformed URL, an unknown
   *     credentials source or client property, credentials that are missing for their source
   */
  static RegistrySettings of(Configuration options) {
    String urlText = options.get(AvroConfluentOptions.URL);
    if (urlText == null || urlText.isBlank()) {
      throw new IllegalArgumentException(
          "Option '"
              + AvroConfluentOptions.URL.key()
              + "' is required: the URL of the schema registry, for example"
              + " 'http://localhost:8081'");
    }
    Map<String, String> properties =
        options.withPrefixStripped(AvroConfluentOptions.PROPERTIES.key().replace("*", ""));
    for (String key : properties.keySet()) {
      if (!KNOWN_PROPERTIES.contains(key)) {
        throw new IllegalArgumentException(
            "Unknown schema-registry property '"
                + AvroConfluentOptions.PROPERTIES.key().replace("*", key)
                + "'; supported: "
                + KNOWN_PROPERTIES.stream().sorted().toList());
      }
    }
    List<URI> urls = new ArrayList<>();
    String fromUrl = null;
    for (String part : urlText.split(",")) {
      URI uri = parse(part.trim());
      if (uri.getRawUserInfo() != null) {
        fromUrl = uri.getRawUserInfo();
      }
      urls.add(withoutUserInfo(uri));
    }
    String authorization = authorization(options, properties, fromUrl);
    String autoRegister = properties.getOrDefault("auto.register.schemas", "true");
    if (!autoRegister.equalsIgnoreCase("true") && !autoRegister.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(
          "Invalid value '"
              + autoRegister
              + "' for option '"
              + AvroConfluentOptions.PROPERTIES.key().replace("*", "auto.register.schemas")
              + "': expected 'true' or 'false'");
    }
    return new RegistrySettings(
        urls, authorization, options, Boolean.parseBoolean(autoRegister.toLowerCase(Locale.ROOT)));
  }

  private static @Nullable String authorization(
      Configuration options, Map<String, String> properties, @Nullable String fromUrl) {
    String token =
        pick(options, AvroConfluentOptions.BEARER_AUTH_TOKEN, properties, "bearer.auth.token");
    String bearerSource =
        pick(
            options,
            AvroConfluentOptions.BEARER_AUTH_CREDENTIALS_SOURCE,
            properties,
            "bearer.auth.credentials.source");
    if (bearerSource != null && !bearerSource.equalsIgnoreCase("STATIC_TOKEN")) {
      throw new IllegalArgumentException(
          "Option '"
              + AvroConfluentOptions.BEARER_AUTH_CREDENTIALS_SOURCE.key()
              + "' supports only 'STATIC_TOKEN', not '"
              + bearerSource
              + "'");
    }
    if (token != null) {
      return "Bearer " + token;
    }
    if (bearerSource != null) {
      throw new IllegalArgumentException(
          "Option '"
              + AvroConfluentOptions.BEARER_AUTH_CREDENTIALS_SOURCE.key()
              + "' is STATIC_TOKEN but '"
              + AvroConfluentOptions.BEARER_AUTH_TOKEN.key()
              + "' is not set");
    }
    String userInfo =
        pick(
            options, AvroConfluentOptions.BASIC_AUTH_USER_INFO, properties, "basic.auth.user.info");
    String source =
        pick(
            options,
            AvroConfluentOptions.BASIC_AUTH_CREDENTIALS_SOURCE,
            properties,
            "basic.auth.credentials.source");
    String chosen;
    if (source == null) {
      chosen = userInfo != null ? userInfo : fromUrl;
    } else if (source.equalsIgnoreCase("USER_INFO")) {
      chosen = require(userInfo, AvroConfluentOptions.BASIC_AUTH_USER_INFO, "USER_INFO");
    } else if (source.equalsIgnoreCase("URL")) {
      chosen = require(fromUrl, AvroConfluentOptions.URL, "URL");
    } else {
      throw new IllegalArgumentException(
          "Option '"
              + AvroConfluentOptions.BASIC_AUTH_CREDENTIALS_SOURCE.key()
              + "' must be 'USER_INFO' or 'URL', not '"
              + source
              + "'");
    }
    if (chosen == null) {
      return null;
    }
    String decoded = java.net.URLDecoder.decode(chosen, StandardCharsets.UTF_8);
    return "Basic " + Base64.getEncoder().encodeToString(decoded.getBytes(StandardCharsets.UTF_8));
  }

  private static String require(@Nullable String value, ConfigOption<String> option, String src) {
    if (value == null) {
      throw new IllegalArgumentException(
          "Option '"
              + AvroConfluentOptions.BASIC_AUTH_CREDENTIALS_SOURCE.key()
              + "' is "
              + src
              + " but "
              + (option == AvroConfluentOptions.URL
                  ? "'" + option.key() + "' has no user:password@"
                  : "'" + option.key() + "' is not set"));
    }
    return value;
  }

  private static @Nullable String pick(
      Configuration options,
      ConfigOption<String> option,
      Map<String, String> properties,
      String property) {
    return Optional.ofNullable(options.get(option)).orElse(properties.get(property));
  }

  private static URI parse(String text) {
    try {
      URI uri = new URI(text);
      String scheme = uri.getScheme();
      if (uri.getHost() == null
          || scheme == null
          || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
        throw new URISyntaxException(text, "expected http(s)://host[:port][/path]");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(
          "Invalid value for option '"
              + AvroConfluentOptions.URL.key()
              + "': '"
              + safe(text)
              + "' is not an http(s) URL ("
              + e.getReason()
              + ")");
    }
  }

  /** {@code text} with any user info of a URL masked. */
  private static String safe(String text) {
    return text.replaceAll("//[^/@]*@", "//******@");
  }

  private static URI withoutUserInfo(URI uri) {
    try {
      String path = uri.getRawPath() == null ? "" : uri.getRawPath();
      while (path.endsWith("/")) {
        path = path.substring(0, path.length() - 1);
      }
      return new URI(uri.getScheme(), null, uri.getHost(), uri.getPort(), null, null, null)
          .resolve(path.isEmpty() ? "/" : path + "/");
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The registry URLs, each ending with a slash, without credentials. */
  List<URI> urls() {
    return urls;
  }

  /** The value of the Authorization header, or null. */
  @Nullable String authorization() {
    return authorization;
  }

  @Nullable String keyStore() {
    return keyStore;
  }

  @Nullable String keyStorePassword() {
    return keyStorePassword;
  }

  @Nullable String trustStore() {
    return trustStore;
  }

  @Nullable String trustStorePassword() {
    return trustStorePassword;
  }

  /** Whether writers register their schema (else they look it up under the subject). */
  boolean autoRegister() {
    return autoRegister;
  }

  /** The URLs only: the rest holds secrets. */
  @Override
  public String toString() {
    return "schema registry " + urls;
  }
}
