package dev.kafkaconnector.io.common;

/**
 * The names of the Beam metrics the connector reports (documented in {@code docs/metrics.md}), for
 * code that reads them: the namespace and the FLIP-33 names that Flink's own Kafka connector uses,
 * plus the dead-letter count. The connector's sources and sinks declare their metrics with these
 * constants, so that a reader (a launcher's progress line, a test) never spells a name again.
 */
public final class ConnectorMetricNames {
  /** The Beam namespace of every connector metric. */
  public static final String NAMESPACE = "kafka-connector";

  /** Counter: records read from Kafka. */
  public static final String RECORDS_IN = "numRecordsIn";

  /** Counter: key plus value bytes of the records read. */
  public static final String BYTES_IN = "numBytesIn";

  /** Counter: records read that could not be decoded. */
  public static final String RECORDS_IN_ERRORS = "numRecordsInErrors";

  /** Gauge: records not read yet (lag) of the partitions one reader instance reads. */
  public static final String PENDING_RECORDS = "pendingRecords";

  /** Counter: records written. */
  public static final String RECORDS_OUT = "numRecordsOut";

  /** Counter: key plus value bytes of the records written. */
  public static final String BYTES_OUT = "numBytesOut";

  /** Counter: rows or records not written while the job goes on. */
  public static final String RECORDS_OUT_ERRORS = "numRecordsOutErrors";

  /** Counter: bad records (source) or rows (sink) sent to a dead-letter output. */
  public static final String RECORDS_TO_DEAD_LETTER = "records-to-dead-letter";

  private ConnectorMetricNames() {}
}
