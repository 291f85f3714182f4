/**
 * Test kit: fault injection (a TCP proxy that can cut and delay connections, seeded fault
 * schedules).
 *
 * <p>Public API: the test kit ({@code kafka-connector-testkit}).
 */
package dev.kafkaconnector.runners.fault;
