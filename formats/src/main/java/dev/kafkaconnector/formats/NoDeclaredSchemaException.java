package dev.kafkaconnector.formats;

/**
 * Thrown by {@link FormatFactory#declaredSchema} when the format tells columns from a source that
 * has none for this topic yet (a schema registry without a schema under the subject), as opposed to
 * options that are wrong or a source that cannot be reached. A caller that treats such topics as
 * having no columns on that side (the Kafka catalog's Avro tables without a key subject) tells the
 * two apart by this type.
 */
public class NoDeclaredSchemaException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what was looked for and where, for the user
   * @param cause the source's answer
   */
  public NoDeclaredSchemaException(String message, Throwable cause) {
    super(message, cause);
  }
}
