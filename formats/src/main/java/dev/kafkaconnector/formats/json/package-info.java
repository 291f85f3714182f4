/**
 * The {@code json} format and the JSON building blocks shared with the JSON-based changelog formats
 * ({@code debezium-json}, {@code canal-json}, {@code maxwell-json}).
 *
 * <p>Building on it: declare the format's options with the factories of {@link
 * dev.kafkaconnector.formats.json.JsonOptions} ({@code
 * JsonOptions.ignoreParseErrors("canal-json")}, ...), read them with {@link
 * dev.kafkaconnector.formats.json.JsonReadSettings#from} / {@link
 * dev.kafkaconnector.formats.json.JsonWriteSettings#from}, and build one {@link
 * dev.kafkaconnector.formats.json.JsonToRowConverter} / {@link
 * dev.kafkaconnector.formats.json.RowToJsonConverter} per schema in the decoder's or encoder's
 * constructor. Either parse the envelope as a tree with {@link
 * dev.kafkaconnector.formats.json.JsonToRowConverter#objectMapper(org.apache.beam.sdk.schemas.Schema)}
 * and convert its parts with {@code convert(JsonNode)}, or stream it with a parser from {@link
 * dev.kafkaconnector.formats.json.JsonToRowConverter#objectMapper()} and convert the parts in place
 * with {@code convert(JsonParser)} (faster). Single metadata values go through {@link
 * dev.kafkaconnector.formats.json.JsonToRowConverter#fieldConverter}. Errors come out as {@link
 * dev.kafkaconnector.formats.FormatException} naming the settings' format and the field path, and
 * ignored errors are counted under the settings' format.
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.formats.json;
