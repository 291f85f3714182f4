package dev.kafkaconnector.runners.flink;

import java.util.concurrent.CountDownLatch;

/**
 * Runs a {@link FlinkSessionCluster} until the JVM is stopped (Ctrl-C), for examples and manual
 * runs: {@code mvn -pl runners-it exec:java
 * -Dexec.mainClass=dev.kafkaconnector.runners.flink.FlinkSessionClusterMain [-Dexec.args=<task
 * managers>]}, then submit jobs with the {@code --flinkMaster} it prints.
 */
public final class FlinkSessionClusterMain {
  private FlinkSessionClusterMain() {}

  /**
   * @param args optionally the number of TaskManagers (default 2)
   */
  public static void main(String[] args) throws InterruptedException {
    int taskManagers = args.length > 0 ? Integer.parseInt(args[0]) : 2;
    FlinkSessionCluster.Builder builder = FlinkSessionCluster.builder().taskManagers(taskManagers);
    // Under mvn exec:java, java.class.path is Maven's launcher: give the children the project's.
    String isolated = ForkedJvm.isolatedClassPath(FlinkSessionClusterMain.class);
    if (isolated != null) {
      builder.classpath(isolated);
    }
    FlinkSessionCluster cluster = builder.start();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  cluster.close();
                  stopped.countDown();
                },
                "flink-session-cluster-stop"));
    System.out.println(
        "Flink session cluster ready: --flinkMaster="
            + cluster.flinkMaster()
            + " (web UI and REST "
            + cluster.restUri()
            + ", logs in "
            + cluster.directory()
            + "); Ctrl-C stops it");
    stopped.await();
  }
}
