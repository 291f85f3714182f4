/**
 * Beam schema-transform providers for the connector: {@code kafka_read}, {@code kafka_write},
 * {@code kafka_read_changes} and {@code kafka_write_changes}, found by {@code ServiceLoader}
 * ({@code SchemaTransformProvider}) and so reachable from Beam YAML, Python and any SDK through
 * Beam's Java expansion service. Each takes a configuration row in Beam's snake_case style plus a
 * free {@code options} map with the connector's option keys verbatim; see
 * docs/schema-transforms.md.
 *
 * <p>Public API: the providers' URNs ({@code IDENTIFIER}) and configuration classes. The row
 * converters are internal.
 */
package dev.kafkaconnector.io.transforms;
