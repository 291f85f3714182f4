package dev.kafkaconnector.runners.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This JVM's CPU time and the machine's CPU counters at one moment, so that a run can report the
 * CPU seconds it took and the share of the machine's time stolen by the hypervisor meanwhile.
 *
 * <p>On a shared virtual machine wall times move with the neighbours' load (steal time of 30% was
 * seen here), while the CPU seconds a read needs hardly do: CPU time is the steadier figure to
 * compare readers by, next to wall time. The JVM's CPU time includes the in-JVM broker when the
 * benchmark runs one, which every case pays alike.
 */
record MachineSample(long processCpuNanos, long stealTicks, long totalTicks) {

  /** Takes a sample now; the machine counters are 0 where {@code /proc/stat} is not readable. */
  static MachineSample now() {
    long cpu =
        ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os
            ? os.getProcessCpuTime()
            : -1;
    long steal = 0;
    long total = 0;
    try {
      String line = Files.readAllLines(Path.of("/proc/stat")).get(0);
      String[] fields = line.trim().split("\\s+");
      // cpu user nice system idle iowait irq softirq steal guest guest_nice
      for (int i = 1; i < Math.min(fields.length, 9); i++) {
        total += Long.parseLong(fields[i]);
      }
      if (fields.length > 8) {
        steal = Long.parseLong(fields[8]);
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: no steal figure
    }
    return new MachineSample(cpu, steal, total);
  }

  /** CPU seconds of this JVM since {@code earlier}, or NaN when the JVM cannot tell. */
  double cpuSecondsSince(MachineSample earlier) {
    if (processCpuNanos < 0 || earlier.processCpuNanos < 0) {
      return Double.NaN;
    }
    return (processCpuNanos - earlier.processCpuNanos) / 1e9;
  }

  /** The machine's steal time since {@code earlier} in percent of all CPU time, or NaN. */
  double stealPercentSince(MachineSample earlier) {
    long total = totalTicks - earlier.totalTicks;
    return total <= 0 ? Double.NaN : 100.0 * (stealTicks - earlier.stealTicks) / total;
  }
}
