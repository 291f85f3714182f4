/**
 * The format SPI: {@link dev.kafkaconnector.formats.FormatFactory} (found with {@code
 * ServiceLoader} by format name), its decoders and encoders, {@link
 * dev.kafkaconnector.formats.FormatException} and the format metadata.
 *
 * <p>Public API: the SPI a format of one's own implements.
 */
package dev.kafkaconnector.formats;
