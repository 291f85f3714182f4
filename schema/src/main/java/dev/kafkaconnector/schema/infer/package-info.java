/**
 * Schema inference from sampled JSON documents: {@link
 * dev.kafkaconnector.schema.infer.JsonSchemaInference} collects a sample, {@link
 * dev.kafkaconnector.schema.infer.InferredType} is the merge lattice (order-independent), {@link
 * dev.kafkaconnector.schema.infer.InferredColumns} the resulting columns and {@link
 * dev.kafkaconnector.schema.infer.InferenceSettings} the spec's {@code infer-schema.*} options.
 * Sampling Kafka and the option keys live in the io module.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.schema.infer;
