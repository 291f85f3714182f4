package dev.kafkaconnector.formats.cdc.debezium;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.kafkaconnector.schema.SqlType;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.apache.beam.sdk.schemas.Schema;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The column types of a Debezium message's Kafka Connect schema (the struct of its {@code after} or
 * {@code before} field): int8..int64, float32/64, boolean, string, bytes, and the logical types
 * {@code org.apache.kafka.connect.data.Decimal} (DECIMAL with the schema's precision and scale; its
 * base64 value is turned into a number), {@code Date} / {@code io.debezium.time.Date} (DATE; days
 * since the epoch turned into a date). Debezium's other temporal types keep their numeric base type
 * (epoch milliseconds, microseconds...), and nested structs, arrays and maps are STRING columns of
 * their JSON text. Every column is nullable. The last schema is cached.
 */
final class DebeziumDeclaredTypes implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final String DECIMAL = "org.apache.kafka.connect.data.Decimal";

  private transient @Nullable JsonNode lastSchema;
  private transient @Nullable Schema lastColumns;

  /** Per column of the last schema with a logical type: its name and the decimal scale. */
  private transient @Nullable Map<String, String[]> logical;

  @Nullable Schema of(ObjectNode connectSchema) {
    if (connectSchema.equals(lastSchema)) {
      return lastColumns;
    }
    ObjectNode image = null;
    JsonNode fields = connectSchema.get("fields");
    if (fields != null && fields.isArray()) {
      for (JsonNode field : fields) {
        String name = field.path("field").asText();
        if ((name.equals("after") || name.equals("before")) && field.path("fields").isArray()) {
          image = (ObjectNode) field;
          if (name.equals("after")) {
            break;
          }
        }
      }
    }
    if (image == null) {
      return null;
    }
    Schema.Builder out = Schema.builder();
    Map<String, String[]> named = new HashMap<>();
    for (JsonNode column : image.get("fields")) {
      String name = column.path("field").asText();
      String sql = sqlType(column, name, named);
      out.addField(name, SqlType.parse(sql).withNullable(true));
    }
    lastSchema = connectSchema;
    lastColumns = out.build();
    logical = named;
    return lastColumns;
  }

  private static String sqlType(JsonNode column, String name, Map<String, String[]> named) {
    String type = column.path("type").asText();
    String logicalName = column.path("name").asText("");
    if (logicalName.equals(DECIMAL)) {
      JsonNode parameters = column.path("parameters");
      String scale = parameters.path("scale").asText("0");
      String precision = parameters.path("connect.decimal.precision").asText("38");
      named.put(name, new String[] {DECIMAL, scale});
      return "DECIMAL(" + precision + ", " + scale + ")";
    }
    if (logicalName.equals("org.apache.kafka.connect.data.Date")
        || logicalName.equals("io.debezium.time.Date")) {
      named.put(name, new String[] {"date", null});
      return "DATE";
    }
    return switch (type) {
      case "int8" -> "TINYINT";
      case "int16" -> "SMALLINT";
      case "int32" -> "INT";
      case "int64" -> "BIGINT";
      case "float", "float32" -> "FLOAT";
      case "double", "float64" -> "DOUBLE";
      case "boolean" -> "BOOLEAN";
      case "bytes" -> "BYTES";
      default -> "STRING";
    };
  }

  /** Rewrites the values of logical-type columns in {@code image} to the texts their types read. */
  void normalize(@Nullable ObjectNode image) {
    Map<String, String[]> named = logical;
    if (image == null || named == null || named.isEmpty()) {
      return;
    }
    named.forEach(
        (column, how) -> {
          JsonNode value = image.get(column);
          if (value == null || value.isNull()) {
            return;
          }
          if (how[0].equals(DECIMAL) && value.isTextual()) {
            BigInteger unscaled = new BigInteger(Base64.getDecoder().decode(value.asText()));
            image.set(
                column,
                TextNode.valueOf(
                    new BigDecimal(unscaled, Integer.parseInt(how[1])).toPlainString()));
          } else if (how[0].equals("date") && value.isIntegralNumber()) {
            image.set(column, TextNode.valueOf(LocalDate.ofEpochDay(value.asLong()).toString()));
          }
        });
  }
}
