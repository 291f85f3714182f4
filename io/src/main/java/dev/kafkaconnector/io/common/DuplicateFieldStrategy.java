package dev.kafkaconnector.io.common;

/**
 * What to do with a column decoded from both the key and the value ({@code
 * scan.duplicate-field.strategy}).
 */
public enum DuplicateFieldStrategy {
  /** A record whose key and value disagree on the column is a bad record. */
  EXCEPTION,
  /** Take the key's value. */
  PREFER_KEY,
  /** Take the value's value. */
  PREFER_VALUE
}
