/**
 * The demo job and its options.
 *
 * <p>Runnable examples, not API; it may change in any release.
 */
package dev.kafkaconnector.examples;
