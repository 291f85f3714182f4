package dev.kafkaconnector.io.common;

/** Which columns the record value holds ({@code value.fields-include}). */
public enum ValueFieldsInclude {
  /** Every column, key columns included. */
  ALL,
  /** Every column except those of {@code key.fields}. */
  EXCEPT_KEY
}
