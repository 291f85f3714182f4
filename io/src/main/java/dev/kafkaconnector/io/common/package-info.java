/**
 * What the source and the sink share: the option declarations ({@link
 * dev.kafkaconnector.io.common.KafkaConnectorOptions}), client properties, secrets masking,
 * metadata columns, key/value layout.
 *
 * <p>Internal, except the types that the API's signatures name: {@link
 * dev.kafkaconnector.io.common.KafkaConnectorOptions} (the option keys as constants), {@link
 * dev.kafkaconnector.io.common.DeliveryGuarantee}, {@link
 * dev.kafkaconnector.io.common.StartupMode}, {@link dev.kafkaconnector.io.common.BoundedMode},
 * {@link dev.kafkaconnector.io.common.MetadataKey}, {@link
 * dev.kafkaconnector.io.common.ConnectorMetricNames} (the metric names), {@link
 * dev.kafkaconnector.io.common.JobListener} (what a launcher learns of the jobs it starts), {@link
 * dev.kafkaconnector.io.common.NotRetriedException} and {@link
 * dev.kafkaconnector.io.common.AuthenticationRefusedException}. The other types may change in any
 * release.
 */
package dev.kafkaconnector.io.common;
