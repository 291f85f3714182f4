/**
 * Text helpers of the formats (charsets, escapes).
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.text;
