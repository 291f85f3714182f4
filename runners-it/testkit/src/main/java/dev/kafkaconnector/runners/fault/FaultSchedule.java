package dev.kafkaconnector.runners.fault;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

/**
 * A seeded, replayable list of timed fault actions for a fault test: each step is an action name
 * (what it does is up to the test: kill a TaskManager, stall a connection, restore an older
 * savepoint, …) and the pause before it. The same seed, action list and sizes give the same
 * schedule, so a failing run is replayed by its seed, which {@link #toString()} prints first.
 *
 * @param seed the seed the schedule was drawn from
 * @param steps the actions in order
 */
public record FaultSchedule(long seed, List<Step> steps) {

  /**
   * One action of a schedule.
   *
   * @param pauseMillis how long to wait, after the previous step ended, before this one
   * @param action the action's name
   */
  public record Step(long pauseMillis, String action) {
    @Override
    public String toString() {
      return "+" + pauseMillis + "ms " + action;
    }
  }

  public FaultSchedule {
    steps = List.copyOf(steps);
  }

  /**
   * Draws {@code count} steps from {@code actions}, each after a pause between {@code minPause} and
   * {@code maxPause} milliseconds (the first may come at once: a fault before the job's first
   * checkpoint).
   */
  public static FaultSchedule random(
      long seed, int count, List<String> actions, long minPause, long maxPause) {
    Random random = new Random(seed);
    List<Step> steps = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      long pause =
          i == 0 && random.nextInt(3) == 0
              ? 0
              : minPause + (long) (random.nextDouble() * (maxPause - minPause));
      steps.add(new Step(pause, actions.get(random.nextInt(actions.size()))));
    }
    return new FaultSchedule(seed, steps);
  }

  /**
   * Runs the steps in order: waits each step's pause, then calls the handler of its action.
   *
   * @param handlers one per action name
   * @param log told each step before it runs
   * @throws IllegalArgumentException for an action without handler
   */
  public void run(Map<String, Runnable> handlers, Consumer<String> log) {
    int n = 0;
    for (Step step : steps) {
      n++;
      Runnable handler = handlers.get(step.action());
      if (handler == null) {
        throw new IllegalArgumentException("No handler for action '" + step.action() + "'");
      }
      try {
        Thread.sleep(step.pauseMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted in " + this, e);
      }
      log.accept("schedule " + seed + " step " + n + "/" + steps.size() + ": " + step);
      handler.run();
    }
  }

  /** How many steps run {@code action}. */
  public long count(String action) {
    return steps.stream().filter(s -> s.action().equals(action)).count();
  }

  @Override
  public String toString() {
    return "FaultSchedule{seed="
        + seed
        + " (replay with -Dfault.seed="
        + seed
        + "), steps="
        + steps
        + "}";
  }
}
