package dev.kafkaconnector.formats.avro.confluent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.avro.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A client of the Confluent schema-registry REST API (v7, as Confluent's registry, Apicurio's
 * {@code /apis/ccompat/v7} and Karapace serve it) over the JDK's HTTP client: a schema by id, the
 * latest schema of a subject, registering a schema and looking one up under a subject. It keeps no
 * cache: the decoders and encoders cache what they fetch, once per id or subject. Messages name the
 * URL without credentials, the subject or id, the HTTP status and the registry's own error.
 */
final class SchemaRegistryClient {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  /** A schema with its id, and its version when it was looked up under a subject. */
  record Registered(int id, int version, Schema schema) {}

  private final RegistrySettings settings;
  private final HttpClient http;

  SchemaRegistryClient(RegistrySettings settings) {
    this.settings = settings;
    HttpClient.Builder builder =
        HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL);
    if (settings.keyStore() != null || settings.trustStore() != null) {
      builder.sslContext(sslContext(settings));
    }
    this.http = builder.build();
  }

  /**
   * The schema with id {@code id}.
   *
   * @throws RegistryException.NotFound when the registry has no such id
   * @throws RegistryException when the registry cannot be reached or answers otherwise
   */
  Schema schemaById(int id) {
    JsonNode body = send("GET", "schemas/ids/" + id, null, "schema id " + id);
    return parse(body, "schema id " + id);
  }

  /** The latest version of {@code subject}'s schema. */
  Registered latest(String subject) {
    String what = "the latest schema of subject '" + subject + "'";
    JsonNode body = send("GET", "subjects/" + encode(subject) + "/versions/latest", null, what);
    return new Registered(body.path("id").asInt(), body.path("version").asInt(), parse(body, what));
  }

  /** Registers {@code schema} under {@code subject} (or finds it there) and returns its id. */
  int register(String subject, Schema schema) {
    String what = "registering the schema under subject '" + subject + "'";
    JsonNode body =
        send("POST", "subjects/" + encode(subject) + "/versions", request(schema), what);
    return body.path("id").asInt();
  }

  /** The id of {@code schema} under {@code subject}, which must already hold it. */
  int lookup(String subject, Schema schema) {
    String what = "looking the schema up under subject '" + subject + "'";
    JsonNode body = send("POST", "subjects/" + encode(subject), request(schema), what);
    return body.path("id").asInt();
  }

  private static String request(Schema schema) {
    return JSON.createObjectNode().put("schema", schema.toString()).toString();
  }

  private static String encode(String subject) {
    return URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static Schema parse(JsonNode body, String what) {
    String type = body.path("schemaType").asText("AVRO");
    if (!type.equalsIgnoreCase("AVRO")) {
      throw new RegistryException(what + " is a " + type + " schema, not an Avro one");
    }
    if (body.path("references").size() > 0) {
      throw new RegistryException(
          what + " has schema references, which the avro-confluent format does not resolve");
    }
    try {
      return new Schema.Parser().parse(body.path("schema").asText());
    } catch (RuntimeException e) {
      throw new RegistryException(what + " is not a valid Avro schema: " + e.getMessage(), e);
    }
  }

  /** Sends the request to each URL in turn until one answers; an HTTP error ends the search. */
  private JsonNode send(String method, String path, @Nullable String body, String what) {
    List<String> unreachable = new ArrayList<>();
    for (URI base : settings.urls()) {
      URI uri = base.resolve(path);
      HttpRequest.Builder request =
          HttpRequest.newBuilder(uri).timeout(TIMEOUT).header("Accept", CONTENT_TYPE);
      if (settings.authorization() != null) {
        request.header("Authorization", settings.authorization());
      }
      if (body != null) {
        request.header("Content-Type", CONTENT_TYPE);
        request.method(method, HttpRequest.BodyPublishers.ofString(body));
      } else {
        request.method(method, HttpRequest.BodyPublishers.noBody());
      }
      HttpResponse<String> response;
      try {
        response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      } catch (IOException e) {
        unreachable.add(base + " (" + e + ")");
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new RegistryException("interrupted while " + what + " at " + base, e);
      }
      return answer(response, base, what);
    }
    throw new RegistryException(
        "the schema registry could not be reached for " + what + ": " + unreachable);
  }

  private static JsonNode answer(HttpResponse<String> response, URI base, String what) {
    JsonNode json;
    try {
      json = JSON.readTree(response.body());
    } catch (IOException e) {
      json = null;
    }
    int status = response.statusCode();
    if (status / 100 == 2 && json != null) {
      return json;
    }
    String detail =
        json == null
            ? "a body that is not JSON"
            : "error " + json.path("error_code").asText("?") + ": " + json.path("message").asText();
    String message =
        "the schema registry at "
            + base
            + " answered "
            + status
            + " for "
            + what
            + " ("
            + detail
            + ")";
    if (status == 404) {
      throw new RegistryException.NotFound(message);
    }
    throw new RegistryException(message);
  }

  private static SSLContext sslContext(RegistrySettings settings) {
    try {
      TrustManagerFactory trust = null;
      if (settings.trustStore() != null) {
        trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(load(settings.trustStore(), settings.trustStorePassword()));
      }
      KeyManagerFactory keys = null;
      if (settings.keyStore() != null) {
        char[] password =
            settings.keyStorePassword() == null
                ? new char[0]
                : settings.keyStorePassword().toCharArray();
        keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(load(settings.keyStore(), settings.keyStorePassword()), password);
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(
          keys == null ? null : keys.getKeyManagers(),
          trust == null ? null : trust.getTrustManagers(),
          null);
      return context;
    } catch (GeneralSecurityException | IOException e) {
      throw new IllegalArgumentException(
          "The TLS stores of options '"
              + AvroConfluentOptions.SSL_KEYSTORE_LOCATION.key()
              + "' / '"
              + AvroConfluentOptions.SSL_TRUSTSTORE_LOCATION.key()
              + "' cannot be used: "
              + e.getClass().getSimpleName(),
          e);
    }
  }

  private static KeyStore load(String location, @Nullable String password)
      throws GeneralSecurityException, IOException {
    char[] chars = password == null ? null : password.toCharArray();
    try (InputStream in = Files.newInputStream(Path.of(location))) {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(in, chars);
      return store;
    }
  }
}
