package dev.kafkaconnector.schema.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

/**
 * The lattice laws of {@link InferredType#merge}, checked on random documents (seeded per
 * repetition, so a failure names its seed): commutative, associative, idempotent, NULL the bottom;
 * and the inferred schema does not depend on the order of the sample.
 */
class InferredTypeLatticeTest {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String[] NAMES = {"a", "b", "c", "nested"};

  private static final List<InferenceSettings> SETTINGS =
      List.of(
          InferenceSettings.defaults(),
          InferenceSettings.defaults().withFlattenNestedColumns(true),
          InferenceSettings.defaults().withPrimitiveAsString(true),
          InferenceSettings.defaults().withStringTypeInference(false).withAllNullable(false));

  @RepeatedTest(200)
  void mergeIsCommutativeAssociativeAndIdempotent(RepetitionInfo rep) {
    Random random = new Random(rep.getCurrentRepetition());
    for (InferenceSettings settings : SETTINGS) {
      InferredType a = JsonSchemaInference.typeOf(document(random, 0), settings);
      InferredType b = JsonSchemaInference.typeOf(document(random, 0), settings);
      InferredType c = JsonSchemaInference.typeOf(document(random, 0), settings);
      String seed = "seed " + rep.getCurrentRepetition() + ", " + a + " / " + b + " / " + c;
      assertEquals(a.merge(b), b.merge(a), "commutative, " + seed);
      assertEquals(a.merge(b).merge(c), a.merge(b.merge(c)), "associative, " + seed);
      assertEquals(a, a.merge(a), "idempotent, " + seed);
      assertEquals(a.asNullable(), InferredType.NULL.merge(a), "NULL is the bottom, " + seed);
      InferredType ab = a.merge(b);
      assertEquals(ab, ab.merge(a), "a merge is above its inputs, " + seed);
    }
  }

  @RepeatedTest(50)
  void schemaDoesNotDependOnSampleOrderOrSplit(RepetitionInfo rep) {
    Random random = new Random(1000 + rep.getCurrentRepetition());
    List<JsonNode> sample = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      sample.add(document(random, 0));
    }
    for (InferenceSettings settings : SETTINGS) {
      JsonSchemaInference all = new JsonSchemaInference(settings);
      sample.forEach(all::add);
      List<JsonNode> shuffled = new ArrayList<>(sample);
      Collections.shuffle(shuffled, random);
      // Two "partitions" sampled apart, merged in the other order.
      JsonSchemaInference first = new JsonSchemaInference(settings);
      JsonSchemaInference second = new JsonSchemaInference(settings);
      int cut = random.nextInt(shuffled.size());
      shuffled.subList(0, cut).forEach(first::add);
      shuffled.subList(cut, shuffled.size()).forEach(second::add);
      assertEquals(
          all.schema(), second.mergeFrom(first).schema(), "seed " + rep.getCurrentRepetition());
    }
  }

  @Test
  void numericChainAndTopElement() {
    InferredType bigint = InferredType.of(InferredType.Kind.BIGINT);
    InferredType decimal = InferredType.of(InferredType.Kind.DECIMAL);
    InferredType dbl = InferredType.of(InferredType.Kind.DOUBLE);
    InferredType string = InferredType.of(InferredType.Kind.STRING);
    assertEquals(decimal, bigint.merge(decimal));
    assertEquals(dbl, decimal.merge(dbl));
    assertEquals(dbl, bigint.merge(dbl));
    assertEquals(string, bigint.merge(InferredType.of(InferredType.Kind.BOOLEAN)));
    assertEquals(string, dbl.merge(InferredType.of(InferredType.Kind.DATE)));
    assertEquals(string, InferredType.object(java.util.Map.of()).merge(bigint));
    assertEquals(
        InferredType.of(InferredType.Kind.TIMESTAMP_LTZ),
        InferredType.of(InferredType.Kind.TIMESTAMP)
            .merge(InferredType.of(InferredType.Kind.TIMESTAMP_LTZ)));
  }

  /** A random object whose members are random values of every kind the inference knows. */
  private static ObjectNode document(Random random, int depth) {
    ObjectNode node = NODES.objectNode();
    for (String name : NAMES) {
      if (random.nextInt(4) == 0) {
        continue; // missing
      }
      node.set(name, value(random, depth));
    }
    return node;
  }

  private static JsonNode value(Random random, int depth) {
    switch (random.nextInt(depth < 2 ? 12 : 11)) {
      case 0:
        return NODES.nullNode();
      case 1:
        return NODES.booleanNode(random.nextBoolean());
      case 2:
        return NODES.numberNode(random.nextInt(1000));
      case 3:
        return NODES.numberNode(random.nextDouble());
      case 4:
        return NODES.numberNode(BigInteger.TEN.pow(20));
      case 5:
        return NODES.textNode("2024-02-29");
      case 6:
        return NODES.textNode("12:13:14.5");
      case 7:
        return NODES.textNode("2020-12-30 12:13:14.123");
      case 8:
        return NODES.textNode("2020-12-30 12:13:14Z");
      case 9:
        return NODES.textNode("text");
      case 10:
        return NODES.arrayNode().add(1).add("x");
      default:
        return document(random, depth + 1);
    }
  }

  @Test
  void parsedTextGivesTheSameTypesAsBuiltTrees() throws Exception {
    JsonNode parsed =
        new ObjectMapper().readTree("{\"a\": 1, \"b\": 1.5, \"c\": 100000000000000000000}");
    InferredType type = JsonSchemaInference.typeOf(parsed, InferenceSettings.defaults());
    assertEquals(InferredType.Kind.BIGINT, type.fields().get("a").kind());
    assertEquals(InferredType.Kind.DOUBLE, type.fields().get("b").kind());
    assertEquals(InferredType.Kind.DECIMAL, type.fields().get("c").kind());
  }
}
