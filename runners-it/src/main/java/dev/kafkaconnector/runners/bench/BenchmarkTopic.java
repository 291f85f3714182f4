package dev.kafkaconnector.runners.bench;

/**
 * A loaded benchmark topic: {@code dataRecords} values spread evenly over the partitions, then one
 * empty end marker per partition whose timestamp is {@code stopTimeMillis}.
 *
 * <p>The markers exist for Beam's SDF {@code KafkaIO} reader, whose only finite mode is {@code
 * withStopReadTime}: it stops each partition at the first offset whose timestamp is at or after the
 * stop time, that is at the marker. Readers that stop at the end offsets (plain consumer, {@code
 * KafkaConnectorIO} with {@code scan.bounded.mode=latest-offset}, legacy {@code KafkaIO} with {@code
 * withMaxNumRecords(data + markers)}) read the markers too; counting tells them apart (a marker
 * has an empty value).
 *
 * @param name topic name
 * @param partitions partition count
 * @param dataRecords data records (a multiple of {@code partitions})
 * @param dataBytes total bytes of the data values
 * @param stopTimeMillis timestamp of the end markers, later than every data record's
 */
record BenchmarkTopic(
    String name, int partitions, long dataRecords, long dataBytes, long stopTimeMillis) {

  /** Data records plus end markers: everything in the topic. */
  long allRecords() {
    return dataRecords + partitions;
  }
}
