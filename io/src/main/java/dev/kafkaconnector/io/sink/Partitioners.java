package dev.kafkaconnector.io.sink;

import java.lang.reflect.Constructor;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The partitioners of {@code sink.partitioner}: {@code default} (Kafka's: by key hash, sticky
 * without key), {@code fixed} (each writer instance writes to one partition, its index modulo the
 * partition count, as Flink's {@code FlinkFixedPartitioner}), {@code round-robin}, or the class
 * name of a {@link KafkaPartitioner}.
 */
public final class Partitioners {
  static final String DEFAULT = "default";
  static final String FIXED = "fixed";
  static final String ROUND_ROBIN = "round-robin";

  private Partitioners() {}

  /**
   * The partitioner named by {@code value}, checked when the sink is applied.
   *
   * @throws IllegalArgumentException naming {@code sink.partitioner} and the class when a class
   *     cannot be loaded, is not a {@link KafkaPartitioner} or has no public no-argument
   *     constructor
   */
  public static KafkaPartitioner of(String value) {
    switch (value.trim()) {
      case DEFAULT:
        return new KafkaDefault();
      case FIXED:
        return new Fixed();
      case ROUND_ROBIN:
        return new RoundRobin();
      default:
        return custom(value.trim());
    }
  }

  private static KafkaPartitioner custom(String className) {
    Class<?> type;
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      type =
          Class.forName(
              className, true, loader != null ? loader : Partitioners.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(
          "Option 'sink.partitioner': class '"
              + className
              + "' was not found (valid values:"
              + " 'default', 'fixed', 'round-robin' or the class name of a "
              + KafkaPartitioner.class.getName()
              + " on the class path)",
          e);
    }
    if (!KafkaPartitioner.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(
          "Option 'sink.partitioner': class '"
              + className
              + "' does not implement "
              + KafkaPartitioner.class.getName());
    }
    try {
      Constructor<?> constructor = type.getConstructor();
      return (KafkaPartitioner) constructor.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "Option 'sink.partitioner': class '"
              + className
              + "' needs a public constructor"
              + " without arguments: "
              + e,
          e);
    }
  }

  /** Kafka's own partitioner. */
  static final class KafkaDefault implements KafkaPartitioner {
    private static final long serialVersionUID = 1L;

    @Override
    public @Nullable Integer partition(
        Row row, byte @Nullable [] key, byte @Nullable [] value, String topic, int[] partitions) {
      return null;
    }
  }

  /** One partition per writer instance. */
  static final class Fixed implements KafkaPartitioner {
    private static final long serialVersionUID = 1L;
    private int instanceIndex;

    @Override
    public void open(int instanceIndex, int instanceCount) {
      this.instanceIndex = instanceIndex;
    }

    @Override
    public Integer partition(
        Row row, byte @Nullable [] key, byte @Nullable [] value, String topic, int[] partitions) {
      return partitions[instanceIndex % partitions.length];
    }
  }

  /** Partitions in turn, per writer instance. */
  static final class RoundRobin implements KafkaPartitioner {
    private static final long serialVersionUID = 1L;
    private int next;

    @Override
    public void open(int instanceIndex, int instanceCount) {
      this.next = instanceIndex;
    }

    @Override
    public Integer partition(
        Row row, byte @Nullable [] key, byte @Nullable [] value, String topic, int[] partitions) {
      int p = partitions[Math.floorMod(next, partitions.length)];
      next++;
      return p;
    }
  }
}
