package dev.kafkaconnector.runners.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs the shares of a baseline's work on threads of their own and waits for all of them. */
final class Shares {
  /** One thread's share: share {@code index} of {@code count}. */
  interface Share {
    void run(int index, int count) throws Exception;
  }

  private Shares() {}

  /**
   * Runs {@code share} for indexes 0 to {@code count - 1}, each on its own thread, and returns when
   * all ended.
   *
   * @throws IllegalStateException naming {@code what} with the first share's failure
   */
  static void run(String what, int count, Share share) {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    try {
      List<Future<?>> running = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        int index = i;
        running.add(
            pool.submit(
                () -> {
                  share.run(index, count);
                  return null;
                }));
      }
      for (Future<?> one : running) {
        one.get();
      }
    } catch (ExecutionException e) {
      throw new IllegalStateException(what + " failed", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(what + " was interrupted", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
