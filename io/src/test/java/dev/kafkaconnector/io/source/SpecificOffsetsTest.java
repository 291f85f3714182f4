package dev.kafkaconnector.io.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SpecificOffsetsTest {

  private static final String KEY = "scan.startup.specific-offsets";

  private static IllegalArgumentException fails(String text) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> SpecificOffsets.parse(KEY, text));
    assertTrue(e.getMessage().contains("'" + KEY + "'"), e.getMessage());
    return e;
  }

  @Test
  void specExample() {
    Map<Integer, Long> offsets =
        SpecificOffsets.parse(KEY, "partition:0,offset:42;partition:1,offset:300");
    assertEquals(Map.of(0, 42L, 1, 300L), offsets);
  }

  @Test
  void keepsWrittenOrder() {
    Map<Integer, Long> offsets =
        SpecificOffsets.parse(
            KEY, "partition:5,offset:1;partition:2,offset:2;partition:9,offset:3");
    assertEquals(List.of(5, 2, 9), new ArrayList<>(offsets.keySet()));
  }

  @Test
  void singleEntryAndZeroes() {
    assertEquals(Map.of(0, 0L), SpecificOffsets.parse(KEY, "partition:0,offset:0"));
  }

  @Test
  void largeOffset() {
    assertEquals(
        Map.of(3, Long.MAX_VALUE),
        SpecificOffsets.parse(KEY, "partition:3,offset:" + Long.MAX_VALUE));
  }

  @Test
  void trailingSemicolon() {
    assertEquals(
        Map.of(0, 42L, 1, 300L),
        SpecificOffsets.parse(KEY, "partition:0,offset:42;partition:1,offset:300;"));
  }

  @Test
  void spaces() {
    assertEquals(
        Map.of(0, 42L, 1, 300L),
        SpecificOffsets.parse(KEY, "  partition : 0 , offset : 42 ;  partition:1,  offset:300 ; "));
  }

  @Test
  void resultIsUnmodifiable() {
    Map<Integer, Long> offsets = SpecificOffsets.parse(KEY, "partition:0,offset:1");
    assertThrows(UnsupportedOperationException.class, () -> offsets.put(1, 2L));
  }

  @Test
  void missingOffset() {
    IllegalArgumentException e = fails("partition:0");
    assertTrue(e.getMessage().contains("'partition:0'"), e.getMessage());
    fails("partition:0,offset:42;partition:1");
    fails("partition:0,offset:");
    fails("partition:0,");
  }

  @Test
  void nonNumericPartition() {
    IllegalArgumentException e = fails("partition:x,offset:1");
    assertTrue(e.getMessage().contains("'x'"), e.getMessage());
    assertTrue(e.getMessage().contains("not a number"), e.getMessage());
  }

  @Test
  void nonNumericOffset() {
    IllegalArgumentException e = fails("partition:1,offset:latest");
    assertTrue(e.getMessage().contains("'latest'"), e.getMessage());
  }

  @Test
  void negativeValues() {
    assertTrue(fails("partition:-1,offset:1").getMessage().contains("negative"));
    assertTrue(fails("partition:0,offset:-5").getMessage().contains("negative"));
  }

  @Test
  void duplicatePartition() {
    IllegalArgumentException e = fails("partition:0,offset:1;partition:0,offset:2");
    assertTrue(e.getMessage().contains("partition 0"), e.getMessage());
    assertTrue(e.getMessage().contains("twice"), e.getMessage());
  }

  @Test
  void wrongNamesOrOrder() {
    fails("offset:42,partition:0");
    fails("part:0,offset:42");
    fails("partition:0,offs:42");
    fails("partition=0,offset=42");
    fails("partition:0,offset:1,extra:2");
    fails("0,42");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   ", ";", " ; ; "})
  void empty(String text) {
    fails(text);
  }

  @Test
  void nullIsRejected() {
    fails(null);
  }

  @Test
  void messageNamesTheGivenKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> SpecificOffsets.parse("scan.bounded.specific-offsets", "partition:x,offset:1"));
    assertTrue(e.getMessage().contains("'scan.bounded.specific-offsets'"), e.getMessage());
  }

  @Test
  void partitionOutOfIntRangeIsRejected() {
    fails("partition:4294967296,offset:1");
    fails("partition:2147483648,offset:1");
  }
}
