package dev.kafkaconnector.runners.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * The heap a run used: the sum of the heap pools' peaks (what the JVM had to hold at most, garbage
 * included: young pools peak just before each collection), and the largest heap left after a
 * collection (what was still live: this is what would grow with the topic if a reader kept
 * records).
 *
 * <p>One watch per run: {@link #start()} resets the pools' peaks and listens to this JVM's
 * collections until {@link #stop()}.
 */
final class HeapWatch implements NotificationListener {
  private final AtomicLong maxAfterGc = new AtomicLong();
  private final List<NotificationEmitter> emitters = new ArrayList<>();
  private final Set<String> heapPools = new HashSet<>();

  private HeapWatch() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        heapPools.add(pool.getName());
      }
    }
  }

  /** Resets the heap pools' peaks and starts listening to collections. */
  static HeapWatch start() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
    HeapWatch watch = new HeapWatch();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(watch, null, null);
        watch.emitters.add(emitter);
      }
    }
    return watch;
  }

  /** What the run used. */
  record Usage(long peakBytes, long maxAfterGcBytes) {
    long peakMb() {
      return peakBytes >> 20;
    }

    long maxAfterGcMb() {
      return maxAfterGcBytes >> 20;
    }
  }

  /** Stops listening; the heap pools' peaks since {@link #start()} and the largest post-GC heap. */
  Usage stop() {
    for (NotificationEmitter emitter : emitters) {
      try {
        emitter.removeNotificationListener(this);
      } catch (javax.management.ListenerNotFoundException e) {
        // already gone
      }
    }
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return new Usage(peak, maxAfterGc.get());
  }

  @Override
  public void handleNotification(Notification notification, Object handback) {
    if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
        notification.getType())) {
      return;
    }
    GarbageCollectionNotificationInfo info =
        GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
    long after = 0;
    for (Map.Entry<String, MemoryUsage> pool :
        info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
      if (heapPools.contains(pool.getKey())) {
        after += pool.getValue().getUsed();
      }
    }
    maxAfterGc.accumulateAndGet(after, Math::max);
  }
}
