package dev.kafkaconnector.runners.bench;

/**
 * A loaded benchmark topic: {@code dataRecords} values spread evenly over the partitions, then (raw
 * topics) one empty end marker per partition whose timestamp is {@code stopTimeMillis}.
 *
 * <p>The markers exist for Beam's SDF {@code KafkaIO} reader, whose only finite mode is {@code
 * withStopReadTime}: it stops each partition at the first offset whose timestamp is at or after the
 * stop time, that is at the marker. Readers that stop at the end offsets (plain consumer, {@code
 * KafkaConnectorIO} with {@code scan.bounded.mode=latest-offset}, legacy {@code KafkaIO} with
 * {@code withMaxNumRecords(data + markers)}) read the markers too; counting tells them apart (a
 * marker has an empty value). JSON topics ({@link TopicLoader#loadJson}) have no markers: an empty
 * value is not JSON, and only readers that stop at the end offsets read them.
 *
 * @param name topic name
 * @param partitions partition count
 * @param dataRecords data records (a multiple of {@code partitions})
 * @param dataBytes total bytes of the data values
 * @param stopTimeMillis timestamp of the end markers, later than every data record's
 * @param json whether the values are the JSON objects of {@link JsonRows#SCHEMA} (no markers)
 * @param checksum what a complete read counts besides records ({@link RecordCounter.Counts#bytes}):
 *     the value bytes of a raw topic, the sum of the {@code qty} column of a JSON topic
 */
record BenchmarkTopic(
    String name,
    int partitions,
    long dataRecords,
    long dataBytes,
    long stopTimeMillis,
    boolean json,
    long checksum) {

  /** End markers in the topic: one per partition, none in a JSON topic. */
  int markers() {
    return json ? 0 : partitions;
  }

  /** Data records plus end markers: everything in the topic. */
  long allRecords() {
    return dataRecords + markers();
  }
}
