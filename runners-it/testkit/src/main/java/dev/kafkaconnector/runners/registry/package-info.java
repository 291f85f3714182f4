/**
 * A real Confluent-compatible schema registry for tests: Apicurio Registry 3 (its {@code
 * ccompat/v7} API, in-memory storage, no authentication) run as a child JVM from its unpacked
 * distribution, so that registry-aware formats are tested against a server and not a mock.
 *
 * <p>{@link dev.kafkaconnector.runners.registry.SchemaRegistryServer} starts and stops one
 * registry; {@link dev.kafkaconnector.runners.registry.SchemaRegistryExtension} gives a JUnit 5
 * test class one. The distribution is found through the system property {@value
 * dev.kafkaconnector.runners.registry.SchemaRegistryServer#HOME_PROPERTY}, which the {@code
 * runners-it} build sets for its integration tests.
 *
 * <p>Public API: the test kit ({@code kafka-connector-testkit}).
 */
package dev.kafkaconnector.runners.registry;
