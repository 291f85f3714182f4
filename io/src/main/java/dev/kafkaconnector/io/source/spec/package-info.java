/**
 * What a read is, once its options are parsed: {@code SourceSpec} and the topic, offset, watermark
 * and consumer settings it holds; used by every part of the source.
 *
 * <p>Internal, except the types that the API's signatures name: {@link
 * dev.kafkaconnector.io.source.spec.KafkaSourceException}. The other types may change in any
 * release.
 */
package dev.kafkaconnector.io.source.spec;
