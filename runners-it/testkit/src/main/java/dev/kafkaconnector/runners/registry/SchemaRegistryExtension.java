package dev.kafkaconnector.runners.registry;

import dev.kafkaconnector.runners.JvmScoped;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that gives a test class a {@link SchemaRegistryServer}: one server shared by
 * every test class of the JVM, started by the first class that needs it and stopped when the JVM
 * exits (Maven's test runners may run each class as a test plan of its own, so the end of a test
 * plan is not the end of the tests). Test classes therefore must not rely on a subject being absent
 * unless they named it after a topic of their own ({@code newTopicName}).
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
public final class SchemaRegistryExtension implements BeforeAllCallback {
  private static final Object SHARED_LOCK = new Object();
  private static SchemaRegistryServer shared;

  private volatile SchemaRegistryServer server;

  /** Creates the extension; nothing starts before JUnit calls {@code beforeAll}. */
  public SchemaRegistryExtension() {}

  @Override
  public synchronized void beforeAll(ExtensionContext context) {
    if (server != null) {
      return; // a @Nested class of the class that set the extension up
    }
    synchronized (SHARED_LOCK) {
      if (shared == null) {
        shared = new SchemaRegistryServer().start();
        JvmScoped.closeAtExit("schema registry", shared);
      }
      server = shared;
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
   * @return the server shared by the test classes of this JVM
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
