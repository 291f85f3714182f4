package dev.kafkaconnector.schema.infer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kafkaconnector.schema.infer.InferredType.Kind;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@link InferredType} of one JSON value under {@link InferenceSettings}: the leaves of the
 * lattice, before any merge.
 *
 * <ul>
 *   <li>null: NULL. true / false: BOOLEAN.
 *   <li>An integer: BIGINT; too large for BIGINT with at most 38 digits: DECIMAL(38, 0); larger:
 *       DOUBLE. A number with a fraction or exponent: DOUBLE.
 *   <li>A string: STRING, or DATE / TIME / TIMESTAMP / TIMESTAMP_LTZ when it is such a text and
 *       string-type inference is on.
 *   <li>An object: OBJECT of its members when flattening, else STRING (its JSON text). An array:
 *       STRING (its JSON text).
 *   <li>With primitive-as-string, every number and boolean is STRING and strings stay STRING.
 * </ul>
 */
final class JsonTypes {
  private static final BigInteger DECIMAL_38_LIMIT = BigInteger.TEN.pow(38);

  private final InferenceSettings settings;

  JsonTypes(InferenceSettings settings) {
    this.settings = settings;
  }

  /** The type of a top-level document, which must be an object to give columns. */
  InferredType ofDocument(JsonNode document) {
    if (!document.isObject()) {
      throw new IllegalArgumentException("not a JSON object");
    }
    return members(document);
  }

  InferredType of(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return InferredType.NULL;
    }
    if (node.isObject()) {
      return settings.flattenNestedColumns() ? members(node) : InferredType.of(Kind.STRING);
    }
    if (node.isArray() || node.isBinary() || node.isPojo()) {
      return InferredType.of(Kind.STRING);
    }
    if (settings.primitiveAsString()) {
      return InferredType.of(Kind.STRING);
    }
    if (node.isBoolean()) {
      return InferredType.of(Kind.BOOLEAN);
    }
    if (node.isIntegralNumber()) {
      return InferredType.of(integerKind(node));
    }
    if (node.isNumber()) {
      return InferredType.of(Kind.DOUBLE);
    }
    if (node.isTextual() && settings.stringTypeInference()) {
      Kind temporal = TemporalTexts.kindOf(node.textValue(), settings.timestampStandard());
      if (temporal != null) {
        return InferredType.of(temporal);
      }
    }
    return InferredType.of(Kind.STRING);
  }

  private static Kind integerKind(JsonNode node) {
    if (node.canConvertToLong()) {
      return Kind.BIGINT;
    }
    return node.bigIntegerValue().abs().compareTo(DECIMAL_38_LIMIT) < 0
        ? Kind.DECIMAL
        : Kind.DOUBLE;
  }

  private InferredType members(JsonNode object) {
    Map<String, InferredType> fields = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = object.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> member = it.next();
      // A duplicate member name (Jackson keeps the last) merges like two documents would.
      fields.merge(member.getKey(), of(member.getValue()), InferredType::merge);
    }
    return InferredType.object(fields);
  }
}
