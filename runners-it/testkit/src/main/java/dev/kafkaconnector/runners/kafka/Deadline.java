package dev.kafkaconnector.runners.kafka;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** A point in time by which a wait must end; the basis of every poll loop in this package. */
final class Deadline {

  /** Pause between two polls of a condition that is not met yet. */
  static final Duration POLL_INTERVAL = Duration.ofMillis(100);

  private final long deadlineNanos;

  private Deadline(long deadlineNanos) {
    this.deadlineNanos = deadlineNanos;
  }

  static Deadline after(Duration timeout) {
    return new Deadline(System.nanoTime() + timeout.toNanos());
  }

  boolean isExpired() {
    return remainingNanos() <= 0;
  }

  long remainingMillis() {
    return Math.max(0L, TimeUnit.NANOSECONDS.toMillis(remainingNanos()));
  }

  /** A timeout for one client call: what is left of this deadline, capped at {@code capMillis}. */
  int callTimeoutMillis(long capMillis) {
    return (int) Math.max(1L, Math.min(capMillis, remainingMillis()));
  }

  /**
   * Waits one poll interval (or less, if the deadline comes sooner) before the next check.
   *
   * @throws EmbeddedKafkaException when the thread is interrupted
   */
  void pauseBeforeNextPoll() {
    long pause = Math.min(POLL_INTERVAL.toNanos(), Math.max(0L, remainingNanos()));
    try {
      TimeUnit.NANOSECONDS.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddedKafkaException("Interrupted while waiting for the Kafka broker", e);
    }
  }

  private long remainingNanos() {
    return deadlineNanos - System.nanoTime();
  }
}
