package dev.kafkaconnector.io.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kafkaconnector.io.common.DeliveryGuarantee;
import dev.kafkaconnector.io.common.NotRetriedException;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class StateCheckTest {
  private static final SinkSpec SPEC =
      new SinkSpec(
          "run-1",
          Map.of("bootstrap.servers", "b:9092"),
          "out",
          "default",
          DeliveryGuarantee.EXACTLY_ONCE,
          4,
          false,
          0,
          Duration.ZERO,
          "prefix");

  /** A check of shard 0 of 4, with state numbered under 4 shards. */
  private static StateCheck check(long committed, long expected, long next, long firstPending) {
    return new StateCheck(committed, expected, next, 0, 4, 4, from -> firstPending);
  }

  @Test
  void anotherShardCountWithRecordsNotWrittenFailsNotRetried() {
    // numbers 0..99 given under 4 shards, 0..89 in Kafka; now 2 shards
    StateCheck check = new StateCheck(89, 80, 100, 1, 2, 4, from -> from <= 90 ? 90 : -1);
    assertTrue(check.layoutChanged());
    KafkaSinkException e =
        assertThrows(KafkaSinkException.class, () -> check.verify(SPEC, "prefix-1"));
    assertTrue(e.getMessage().contains("'sink.parallelism' is 2"), e.getMessage());
    assertTrue(e.getMessage().contains("Restore with 'sink.parallelism' = 4"), e.getMessage());
    assertTrue(e.getMessage().contains("output caught up"), e.getMessage());
    assertInstanceOf(NotRetriedException.class, e.getCause());
  }

  @Test
  void anotherShardCountWithEveryRecordWrittenGoesOn() {
    StateCheck orphan = new StateCheck(99, 80, 100, 3, 2, 4, from -> from <= 80 ? 80 : -1);
    assertTrue(orphan.orphan());
    orphan.verify(SPEC, "prefix-3");
    StateCheck kept = new StateCheck(99, 100, 100, 1, 2, 4, from -> -1);
    assertFalse(kept.orphan());
    kept.verify(SPEC, "prefix-1");
  }

  @Test
  void aFreshShardNeedsNothing() {
    StateCheck check = check(-1, 0, 0, -1);
    assertFalse(check.numberLost());
    assertEquals(0, check.rolledBack());
    assertEquals(-1, check.numberToClaim());
    check.verify(SPEC, "prefix-0");
  }

  @Test
  void aRestoreFromTheLatestCheckpointIsNoRollback() {
    // numbers 0..99 given, 0..79 written before the checkpoint, 80..89 written after it
    StateCheck check = check(89, 80, 100, 80);
    assertFalse(check.numberLost());
    assertEquals(0, check.rolledBack());
    assertEquals(89, check.numberToClaim());
  }

  @Test
  void aRestoreFromAnOlderSnapshotContinuesAfterTheCommittedNumber() {
    // the snapshot gave numbers up to 499; the job went on and committed up to 811
    StateCheck check = check(811, 480, 500, 480);
    assertFalse(check.numberLost());
    assertEquals(312, check.rolledBack());
    assertTrue(check.rollbackMessage("prefix-2").contains("312 records committed after"));
  }

  @Test
  void aLostNumberWithRecordsThatMayHaveBeenWrittenFailsNotRetried() {
    StateCheck check = check(-1, 480, 500, 480);
    assertTrue(check.numberLost());
    KafkaSinkException e =
        assertThrows(KafkaSinkException.class, () -> check.verify(SPEC, "prefix-2"));
    assertTrue(
        e.getMessage().contains("'sink.transactional-id-prefix' = 'prefix'"), e.getMessage());
    assertTrue(e.getMessage().contains("offsets.retention.minutes"), e.getMessage());
    assertTrue(e.getMessage().contains("from number 480"), e.getMessage());
    assertInstanceOf(NotRetriedException.class, e.getCause());
  }

  @Test
  void aLostNumberWithNothingPendingIsCommittedAgain() {
    StateCheck check = check(-1, 500, 500, -1);
    assertTrue(check.numberLost());
    check.verify(SPEC, "prefix-2");
    assertEquals(499, check.numberToClaim());
  }

  @Test
  void entriesParseTheOldAndTheNewForm() {
    TopicPartition at = new TopicPartition("out", 0);
    CommittedState.Entry old = CommittedState.Entry.parse(at, "41:lineage");
    assertEquals(new CommittedState.Entry(at, 41, "lineage", null, 0), old);
    CommittedState.Entry withoutTime = CommittedState.Entry.parse(at, "40:lineage:run");
    assertEquals(new CommittedState.Entry(at, 40, "lineage", "run", 0), withoutTime);
    CommittedState.Entry now =
        CommittedState.Entry.parse(
            at, CommittedState.Entry.metadata(42, "lineage", "run", 1_700_000_000_000L));
    assertEquals(new CommittedState.Entry(at, 42, "lineage", "run", 1_700_000_000_000L), now);
    assertEquals(null, CommittedState.Entry.parse(at, "offsets of a consumer"));
    assertEquals(null, CommittedState.Entry.parse(at, null));
    assertEquals(42, CommittedState.lastNumber(java.util.List.of(old, now), "lineage"));
    assertEquals(-1, CommittedState.lastNumber(java.util.List.of(old, now), "other"));
  }

  @Test
  void onlyAnotherRunWithALaterProducerTookTheShardOver() {
    TopicPartition at = new TopicPartition("other-out", 0);
    CommittedState.Entry rival = new CommittedState.Entry(at, 7, "b", "run-b", 2_000);
    assertTrue(rival.takenOverFrom("run-a", 1_000));
    assertFalse(rival.takenOverFrom("run-a", 3_000), "an earlier job's entry");
    assertFalse(rival.takenOverFrom("run-b", 1_000), "a newer attempt of this run");
    assertFalse(new CommittedState.Entry(at, 7, "b", null, 0).takenOverFrom("run-a", 1_000));
  }
}
