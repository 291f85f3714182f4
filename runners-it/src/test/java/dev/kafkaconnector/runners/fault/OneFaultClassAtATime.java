package dev.kafkaconnector.runners.fault;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs the fault classes one at a time across the build's test JVMs (failsafe runs the integration
 * classes in two): each takes an exclusive lock on {@code target/fault-classes.lock} before its
 * clusters start and gives it back after its last test. A fault class kills brokers, TaskManagers
 * and jobs on purpose and measures recovery; two at once on two cores would only slow each other
 * down. The other classes run beside them as before.
 */
final class OneFaultClassAtATime implements BeforeAllCallback, AfterAllCallback {
  private static final Path LOCK = Path.of("target", "fault-classes.lock");
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(OneFaultClassAtATime.class);

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    Files.createDirectories(LOCK.getParent());
    FileChannel channel =
        FileChannel.open(LOCK, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock = channel.lock(); // blocks while another JVM runs a fault class
    context.getStore(NAMESPACE).put(FileLock.class, lock);
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    FileLock lock = context.getStore(NAMESPACE).remove(FileLock.class, FileLock.class);
    if (lock != null) {
      lock.release();
      lock.channel().close();
    }
  }
}
