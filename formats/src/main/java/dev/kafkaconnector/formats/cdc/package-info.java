/**
 * The JSON changelog formats ({@code debezium-json}, {@code canal-json}, {@code maxwell-json}) and
 * what they share, built on the {@code json} package's converters.
 *
 * <p>Beam rows carry no change kind, so the kind travels in a column. Decoders emit rows of {@link
 * dev.kafkaconnector.formats.ProducedSchema} (the columns, then the requested format metadata); the
 * {@code row-kind} metadata ({@link dev.kafkaconnector.formats.FormatMetadata#rowKind()}) holds
 * {@code +I}, {@code -U}, {@code +U} or {@code -D}. Encoders read the kind from a STRING column
 * named {@code row-kind} when the schema has one (else every row is an insert) and, like Flink
 * 1.19, write {@code +I}/{@code +U} as inserts and {@code -U}/{@code -D} as deletes; {@link
 * dev.kafkaconnector.formats.cdc.UpdateEncoder#encodeUpdate} writes a real update from both images.
 * The change-stream sink ({@code writeChanges()}) uses any {@link
 * dev.kafkaconnector.formats.cdc.TableChangeEncoder}: the JSON formats and {@code canal-protobuf}.
 *
 * <p>Nothing is dropped without a count: errors skipped by {@code <format>.ignore-parse-errors} go
 * to {@code <format>.ignored-parse-errors}; messages and rows skipped by design go to {@code
 * <format>.ddl-skipped} (DDL), {@code debezium-json.tombstones-skipped} (null values after Debezium
 * deletes) and {@code <format>.deletes-skipped} (deletes in {@code <format>.source.append-mode}).
 * Messages outside {@code canal-json.database.include} / {@code canal-json.table.include} are
 * filtered out as asked, without a count.
 *
 * <p>The change-stream source ({@code readChanges()}) reads the same messages without a fixed
 * schema: {@link dev.kafkaconnector.formats.cdc.ChangeEnvelope} is how one format wraps row changes
 * ({@link dev.kafkaconnector.formats.cdc.RawChange}: table, operation, images as JSON, declared
 * types); each format's envelope lives beside its decoder and encoder, and {@link
 * dev.kafkaconnector.formats.cdc.JsonEnvelope} reads plain JSON records.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.cdc;
