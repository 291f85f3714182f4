package dev.kafkaconnector.runners.registry;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that gives a test class its own {@link SchemaRegistryServer}: started before
 * the class's first test, stopped after its last, so every class begins with an empty registry.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final SchemaRegistryExtension REGISTRY = new SchemaRegistryExtension();
 *
 * @Test
 * void roundTrip() {
 *   ... "schema.registry.url", REGISTRY.url() ...
 * }
 * }</pre>
 *
 * <p>Register it on a {@code static} field: the registry is started in {@code beforeAll}. The
 * distribution comes from the system property {@value SchemaRegistryServer#HOME_PROPERTY}.
 */
public final class SchemaRegistryExtension implements BeforeAllCallback, AfterAllCallback {
  private volatile SchemaRegistryServer server;
  private String ownerId;

  /** Creates the extension; nothing starts before JUnit calls {@code beforeAll}. */
  public SchemaRegistryExtension() {}

  @Override
  public synchronized void beforeAll(ExtensionContext context) {
    if (server != null) {
      return; // a @Nested class of the class that set the extension up
    }
    ownerId = context.getUniqueId();
    server = new SchemaRegistryServer().start();
  }

  @Override
  public synchronized void afterAll(ExtensionContext context) {
    if (!context.getUniqueId().equals(ownerId)) {
      return;
    }
    ownerId = null;
    SchemaRegistryServer current = server;
    server = null;
    if (current != null) {
      current.close();
    }
  }

  /**
   * Returns the base URL of the registry's Confluent-compatible API.
   *
   * @return {@code http://127.0.0.1:<port>/apis/ccompat/v7}
   */
  public String url() {
    return server().url();
  }

  /**
   * Returns the running server, for tests that need more than its URL (its port, its log).
   *
   * @return the server of this test class
   */
  public SchemaRegistryServer server() {
    SchemaRegistryServer current = server;
    if (current == null) {
      throw new IllegalStateException(
          "SchemaRegistryExtension is not initialised: register it with @RegisterExtension on a "
              + "static field and use it from test methods or @BeforeAll");
    }
    return current;
  }
}
