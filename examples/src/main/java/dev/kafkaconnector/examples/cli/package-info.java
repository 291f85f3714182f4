/**
 * What the command-line tools share: {@link dev.kafkaconnector.examples.cli.ToolCommandLine} (the
 * picocli setup and the exit-code convention: 0 success, 1 failure, 2 usage error) and {@link
 * dev.kafkaconnector.examples.cli.ToolVersion} ({@code --version}), and a job's progress and
 * summary on standard error ({@link dev.kafkaconnector.examples.cli.JobProgress}).
 *
 * <p>Runnable examples, not API; it may change in any release.
 */
package dev.kafkaconnector.examples.cli;
