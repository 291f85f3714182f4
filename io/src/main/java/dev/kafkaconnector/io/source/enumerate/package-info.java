/**
 * Partition discovery and the offsets a read starts and stops at.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.io.source.enumerate;
