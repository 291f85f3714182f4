package dev.kafkaconnector.schema.infer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.schema.infer.InferredType.Kind;
import java.util.ArrayList;
import java.util.List;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.schemas.Schema.FieldType;
import org.apache.beam.sdk.schemas.logicaltypes.FixedPrecisionNumeric;
import org.apache.beam.sdk.schemas.logicaltypes.MicrosInstant;
import org.apache.beam.sdk.schemas.logicaltypes.SqlTypes;
import org.junit.jupiter.api.Test;

class SchemaMergingTest {
  static List<FieldType> types() {
    List<FieldType> types = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      if (kind != Kind.NULL && kind != Kind.OBJECT) {
        types.add(InferredColumns.beamType(kind));
      }
    }
    types.addAll(
        List.of(
            FieldType.BYTE,
            FieldType.INT16,
            FieldType.INT32,
            FieldType.FLOAT,
            FieldType.BYTES,
            FieldType.DECIMAL,
            FieldType.logicalType(FixedPrecisionNumeric.of(10, 2)),
            FieldType.logicalType(FixedPrecisionNumeric.of(5, 4)),
            FieldType.logicalType(new MicrosInstant()),
            FieldType.array(FieldType.INT64),
            FieldType.array(FieldType.DOUBLE),
            FieldType.map(FieldType.STRING, FieldType.INT32),
            FieldType.row(Schema.builder().addInt64Field("a").build()),
            FieldType.row(Schema.builder().addStringField("b").build()),
            FieldType.INT64.withNullable(true)));
    return types;
  }

  @Test
  void isALatticeOnEveryTypePairAndTriple() {
    List<FieldType> types = types();
    for (FieldType a : types) {
      assertEquals(a, SchemaMerging.mergeTypes(a, a), "idempotent " + a);
      for (FieldType b : types) {
        FieldType ab = SchemaMerging.mergeTypes(a, b);
        // ROW fields keep the first side's order: compare ROWs with their fields sorted
        assertEquals(
            sorted(ab), sorted(SchemaMerging.mergeTypes(b, a)), "commutative " + a + " / " + b);
        assertEquals(ab, SchemaMerging.mergeTypes(ab, a), "an upper bound of " + a + " / " + b);
        for (FieldType c : types) {
          assertEquals(
              sorted(SchemaMerging.mergeTypes(ab, c)),
              sorted(SchemaMerging.mergeTypes(a, SchemaMerging.mergeTypes(b, c))),
              "associative " + a + " / " + b + " / " + c);
        }
      }
    }
  }

  private static FieldType sorted(FieldType type) {
    if (type.getTypeName() != Schema.TypeName.ROW) {
      return type;
    }
    Schema.Builder b = Schema.builder();
    type.getRowSchema().getFields().stream()
        .sorted(java.util.Comparator.comparing(Schema.Field::getName))
        .forEach(f -> b.addField(f.getName(), sorted(f.getType())));
    return FieldType.row(b.build()).withNullable(type.getNullable());
  }

  @Test
  void onInferredTypesItIsTheInferenceLattice() {
    for (Kind a : Kind.values()) {
      for (Kind b : Kind.values()) {
        if (a == Kind.NULL || a == Kind.OBJECT || b == Kind.NULL || b == Kind.OBJECT) {
          continue;
        }
        assertEquals(
            InferredColumns.beamType(InferredType.mergeKinds(a, b)),
            SchemaMerging.mergeTypes(InferredColumns.beamType(a), InferredColumns.beamType(b)),
            a + " / " + b);
      }
    }
  }

  @Test
  void sqlTypesFollowFlinkCdcsTreeWithTheLatticesChoices() {
    assertEquals(FieldType.INT64, SchemaMerging.mergeTypes(FieldType.INT32, FieldType.INT64));
    assertEquals(FieldType.FLOAT, SchemaMerging.mergeTypes(FieldType.INT16, FieldType.FLOAT));
    assertEquals(FieldType.DOUBLE, SchemaMerging.mergeTypes(FieldType.INT64, FieldType.FLOAT));
    FieldType dec102 = FieldType.logicalType(FixedPrecisionNumeric.of(10, 2));
    assertEquals(
        FieldType.logicalType(FixedPrecisionNumeric.of(21, 2)),
        SchemaMerging.mergeTypes(dec102, FieldType.INT64));
    assertEquals(
        FieldType.logicalType(FixedPrecisionNumeric.of(12, 4)),
        SchemaMerging.mergeTypes(dec102, FieldType.logicalType(FixedPrecisionNumeric.of(5, 4))));
    assertEquals(FieldType.DOUBLE, SchemaMerging.mergeTypes(dec102, FieldType.FLOAT));
    assertEquals(
        FieldType.STRING,
        SchemaMerging.mergeTypes(
            FieldType.logicalType(SqlTypes.DATE), FieldType.logicalType(SqlTypes.DATETIME)));
    assertEquals(
        FieldType.DOUBLE.withNullable(true),
        SchemaMerging.mergeTypes(FieldType.INT64.withNullable(true), FieldType.DOUBLE));
  }

  @Test
  void schemasMergeByNameKeepingTheFirstOrder() {
    Schema current = Schema.builder().addInt64Field("id").addStringField("name").build();
    Schema incoming = Schema.builder().addDoubleField("weight").addDoubleField("id").build();
    Schema merged = SchemaMerging.merge(current, incoming);
    assertEquals(List.of("id", "name", "weight"), merged.getFieldNames());
    assertEquals(FieldType.DOUBLE, merged.getField("id").getType());
    assertEquals(FieldType.STRING.withNullable(true), merged.getField("name").getType());
    assertEquals(FieldType.DOUBLE.withNullable(true), merged.getField("weight").getType());
    assertTrue(SchemaMerging.holds(merged, current));
    assertTrue(SchemaMerging.holds(merged, incoming));
    assertFalse(SchemaMerging.holds(current, incoming));
    assertEquals(current, SchemaMerging.merge(null, current));
  }
}
