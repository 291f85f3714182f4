package dev.kafkaconnector.examples.sql;

import dev.kafkaconnector.runners.Reachability;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import sqlline.SqlLine;
import sqlline.SqlLineOpts;

/**
 * The SQL shell ({@code examples/bin/kafka-sql}): sqlline on {@code jdbc:kafkaconnector:}, that is
 * Beam's JDBC driver with the connector's table types and Flink's {@code CREATE TABLE … WITH (…)}
 * accepted as is. Each query runs as a Beam pipeline, on the DirectRunner until {@code SET runner =
 * 'FlinkRunner'}.
 *
 * <p>Arguments: {@code --bootstrap-servers=host:port} uses that Kafka cluster (checked first);
 * without it, an embedded broker starts in this JVM with a sample topic {@code orders} and the
 * table {@code orders} is declared on it. {@code -f script.sql} runs a script and exits, with a
 * non-zero status when a statement fails. Every other argument goes to sqlline ({@code
 * --outputformat=csv}, {@code --maxWidth=200}, …). Messages of the shell go to standard error, so
 * that standard output holds what sqlline prints. Typed statements are kept in sqlline's history
 * file with their secret values masked ({@link MaskingSqlLine}).
 */
public final class KafkaSqlShell {
  private static final String SERVERS_FLAG = "--bootstrap-servers";

  private KafkaSqlShell() {}

  /** The table width when output is not a terminal: as wide as the rows. */
  private static final int UNLIMITED_WIDTH = 100_000;

  public static void main(String[] args) throws Exception {
    System.exit(run(args, System.err));
  }

  /**
   * Runs the shell.
   *
   * @return 0, or sqlline's non-zero status (a failed statement of a script, bad arguments), or 1
   *     when the Kafka cluster does not answer
   */
  static int run(String[] args, PrintStream messages) throws Exception {
    String servers = null;
    List<String> sqlline = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.startsWith(SERVERS_FLAG + "=")) {
        servers = arg.substring(SERVERS_FLAG.length() + 1);
      } else if (arg.equals(SERVERS_FLAG) && i + 1 < args.length) {
        servers = args[++i];
      } else if (arg.equals("-h") || arg.equals("--help")) {
        messages.println(usage());
        return 0;
      } else {
        sqlline.add(arg);
      }
    }
    EmbeddedKafkaCluster embedded = null;
    List<String> init = new ArrayList<>();
    try {
      if (servers == null) {
        messages.println("kafka-sql: starting an embedded Kafka broker ...");
        // a sandbox: INSERT INTO a table of a new topic creates the topic (1 partition)
        embedded = EmbeddedKafkaCluster.inJvm().autoCreateTopics(true).start();
        servers = embedded.bootstrapServers();
        SampleOrders.write(embedded);
        init.add(SampleOrders.ddl(servers));
        printEmbedded(messages, servers);
      } else if (!reachable(servers, messages)) {
        return 1;
      }
      messages.println(
          "kafka-sql: try  "
              + (embedded != null ? "SELECT id, product, price, ts FROM orders;  " : "")
              + "SET runner = 'FlinkRunner';  !help  !quit");
      return runSqlline(sqlline, init);
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }

  /** Says where the embedded broker is, and the DDL of its sample table. */
  private static void printEmbedded(PrintStream messages, String servers) {
    messages.println(
        "kafka-sql: embedded Kafka broker at "
            + servers
            + ", topic '"
            + SampleOrders.TOPIC
            + "' with "
            + SampleOrders.count()
            + " JSON orders (new topics"
            + " are created on first write). Table '"
            + SampleOrders.TOPIC
            + "' is declared with"
            + " this Flink DDL (paste your own CREATE TABLE ... WITH (...) the same way):");
    messages.println(SampleOrders.ddl(servers).indent(2).stripTrailing() + ";");
  }

  /** Whether the Kafka cluster at {@code servers} answers; says so, or why not. */
  private static boolean reachable(String servers, PrintStream messages) {
    try {
      Reachability.checkKafka(servers, Duration.ofSeconds(10));
    } catch (RuntimeException e) {
      messages.println("kafka-sql: Kafka at '" + servers + "' is not reachable: " + e.getMessage());
      return false;
    }
    messages.println(
        "kafka-sql: Kafka at "
            + servers
            + "; declare tables with"
            + " 'properties.bootstrap.servers' = '"
            + servers
            + "'.");
    return true;
  }

  /**
   * Runs sqlline with {@code sqlline}'s arguments, connected through {@link InitializingDriver},
   * which runs the {@code init} statements first.
   *
   * @return 0, or sqlline's non-zero status
   */
  private static int runSqlline(List<String> sqlline, List<String> init) throws Exception {
    InitializingDriver.register(init);
    if (System.console() == null) {
      // no terminal (a script, a pipe): a dumb terminal, without jline's warning about it
      System.setProperty("org.jline.terminal.dumb", "true");
    }
    List<String> all =
        new ArrayList<>(
            List.of(
                "-u",
                InitializingDriver.URL,
                "-n",
                "",
                "-p",
                "",
                "-nn",
                "kafka-sql",
                "--isolation=TRANSACTION_NONE"));
    if (System.console() == null && sqlline.stream().noneMatch(a -> a.startsWith("--maxWidth"))) {
      // A dumb terminal is 0 columns wide, and sqlline then prints every cell empty: tables as
      // wide as their rows instead (sqlline pads no wider than the data).
      all.add("--maxWidth=" + UNLIMITED_WIDTH);
    }
    all.addAll(sqlline);
    // as SqlLine.start, with the history masked (no secret of a typed statement in the file)
    SqlLine.Status status = new MaskingSqlLine().begin(all.toArray(String[]::new), null, true);
    if (!Boolean.getBoolean(SqlLineOpts.PROPERTY_NAME_EXIT)) {
      System.exit(status.ordinal());
    }
    return status == SqlLine.Status.OK ? 0 : Math.max(1, status.ordinal());
  }

  static String usage() {
    return """
        Usage: examples/bin/kafka-sql [--bootstrap-servers=host:port] [-f script.sql] [sqlline options]

          --bootstrap-servers=host:port  the Kafka cluster (default: an embedded broker in the
                                         shell's JVM with a sample topic and table 'orders')
          -f script.sql                  run the script and exit; the exit status is not 0 when a
                                         statement fails
          other options                  sqlline's, e.g. --outputformat=csv, --maxWidth=200

        Statements: Beam SQL (CREATE EXTERNAL TABLE ... TYPE 'kafka-connector' | 'upsert-kafka'),
        Flink's CREATE [TEMPORARY] TABLE ... WITH ('connector' = 'kafka' | 'upsert-kafka', ...),
        SELECT, INSERT INTO, SET runner = 'FlinkRunner' (or 'DirectRunner'), sqlline's !commands.""";
  }
}
