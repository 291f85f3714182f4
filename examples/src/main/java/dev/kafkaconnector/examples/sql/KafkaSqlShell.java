package dev.kafkaconnector.examples.sql;

import dev.kafkaconnector.examples.cli.ProgressOption;
import dev.kafkaconnector.examples.cli.ToolCommandLine;
import dev.kafkaconnector.examples.cli.ToolVersion;
import dev.kafkaconnector.io.common.JobListener;
import dev.kafkaconnector.runners.Reachability;
import dev.kafkaconnector.runners.kafka.EmbeddedKafkaCluster;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;
import sqlline.SqlLine;

/**
 * The SQL shell ({@code examples/bin/kafka-sql}): sqlline on {@code jdbc:kafkaconnector:}, that is
 * Beam's JDBC driver with the connector's table types and Flink's {@code CREATE TABLE … WITH (…)}
 * accepted as is. Each query runs as a Beam pipeline, on the DirectRunner until {@code SET runner =
 * 'FlinkRunner'}.
 *
 * <p>Arguments (parsed by picocli, {@link ToolCommandLine}): {@code --bootstrap-servers=host:port}
 * uses that Kafka cluster (checked first); without it, an embedded broker starts in this JVM with a
 * sample topic {@code orders} and the table {@code orders} is declared on it. {@code -f script.sql}
 * runs a script and exits, with status 1 when a statement fails. Every other argument goes to
 * sqlline as given ({@code --outputformat=csv}, {@code --maxWidth=200}, …); sqlline refusing one is
 * a usage error (status 2). Messages of the shell go to standard error, so that standard output
 * holds what sqlline prints. Typed statements are kept in sqlline's history file with their secret
 * values masked ({@link MaskingSqlLine}).
 */
@Command(
    name = "kafka-sql",
    mixinStandardHelpOptions = true,
    versionProvider = ToolVersion.class,
    usageHelpWidth = 100,
    customSynopsis =
        ToolVersion.COMMAND
            + "examples/bin/kafka-sql} [--bootstrap-servers=host:port] [-f script.sql]"
            + " [sqlline options]",
    description = {
      "The SQL shell: sqlline over jdbc:kafkaconnector: (Beam SQL with the connector's table types;"
          + " Flink's CREATE TABLE ... WITH (...) accepted as is). Queries run on the DirectRunner"
          + " until SET runner = 'FlinkRunner'.",
      ""
    },
    footer = {
      "",
      "Every other argument goes to sqlline as given, e.g. --outputformat=csv, --maxWidth=200,"
          + " --historyFile=path, -e 'SQL'.",
      "",
      "Statements: Beam SQL (CREATE EXTERNAL TABLE ... TYPE 'kafka-connector' | 'upsert-kafka'),"
          + " Flink's CREATE [TEMPORARY] TABLE ... WITH ('connector' = 'kafka' | 'upsert-kafka',"
          + " ...), CREATE CATALOG ... TYPE 'kafka', SELECT, INSERT INTO, SET runner ="
          + " 'FlinkRunner' (or 'DirectRunner'), and sqlline's commands (!help, !quit, ...)."
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:the shell or script ended without error; --help, --version",
      "1:a statement of a script failed, or the Kafka cluster did not answer",
      "2:a usage error (unknown option, missing parameter, an argument sqlline refuses)"
    })
public final class KafkaSqlShell implements Callable<Integer> {
  /** The table width when output is not a terminal: as wide as the rows. */
  private static final int UNLIMITED_WIDTH = 100_000;

  @Option(
      names = "--bootstrap-servers",
      paramLabel = "host:port",
      description =
          "The Kafka cluster (checked first). Default: an embedded broker in the shell's JVM with"
              + " a sample topic and table 'orders'.")
  private String servers;

  @Option(
      names = "-f",
      paramLabel = "script.sql",
      description = "Run the script and exit; exit status 1 when a statement fails.")
  private String script;

  @Mixin private ProgressOption progress = new ProgressOption();

  @Unmatched private List<String> sqlline = new ArrayList<>();

  private final PrintStream messages;

  private KafkaSqlShell(PrintStream messages) {
    this.messages = messages;
  }

  public static void main(String[] args) {
    System.exit(run(args, System.err));
  }

  /**
   * Runs the shell.
   *
   * @return 0; 1 when a statement of a script fails or the Kafka cluster does not answer; 2 for a
   *     usage error (ours or sqlline's)
   */
  static int run(String[] args, PrintStream messages) {
    return ToolCommandLine.execute(new KafkaSqlShell(messages), args);
  }

  @Override
  public Integer call() throws Exception {
    List<String> sqllineArgs = new ArrayList<>(sqlline);
    if (script != null) {
      sqllineArgs.addAll(List.of("-f", script));
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
        return ToolCommandLine.FAILURE;
      }
      messages.println(
          "kafka-sql: try  "
              + (embedded != null ? "SELECT id, product, price, ts FROM orders;  " : "")
              + "SET runner = 'FlinkRunner';  !help  !quit");
      int exitCode = runSqlline(sqllineArgs, init, () -> progress.listener("kafka-sql", messages));
      if (exitCode == ToolCommandLine.USAGE) {
        // sqlline printed its own usage, not naming the argument (which may be a password)
        messages.println(
            "kafka-sql: sqlline refused an argument (its usage above);"
                + " examples/bin/kafka-sql --help lists the shell's own options");
      }
      return exitCode;
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
   * which runs the {@code init} statements first and tells a listener from {@code jobs} of each
   * job.
   *
   * @return 0, or sqlline's non-zero status
   */
  private static int runSqlline(
      List<String> sqlline, List<String> init, Supplier<? extends JobListener> jobs)
      throws Exception {
    InitializingDriver.register(init, jobs);
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
    return exitCode(status);
  }

  /**
   * The tools' exit code for sqlline's status: sqlline ends with {@code ARGS} (1) for arguments it
   * refuses and {@code OTHER} (2) for a failed statement, the other way round from the tools'
   * convention (2 for a usage error, 1 for a failure).
   */
  static int exitCode(SqlLine.Status status) {
    return switch (status) {
      case OK -> ToolCommandLine.OK;
      case ARGS -> ToolCommandLine.USAGE;
      default -> ToolCommandLine.FAILURE;
    };
  }
}
