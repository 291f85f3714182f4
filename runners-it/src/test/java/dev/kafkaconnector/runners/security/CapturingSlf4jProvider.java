package dev.kafkaconnector.runners.security;

import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.simple.SimpleServiceProvider;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The slf4j binding of the runners-it test JVMs: slf4j-simple (which has no appenders) wrapped so
 * that, while {@link SecretCanary} captures, every log event of every logger at {@link
 * SecretCanary#captureLevel()} or above (DEBUG unless {@code -Dcanary.log.level=TRACE}) is handed
 * to it, whatever slf4j-simple's configured levels print. Selected by {@code
 * -Dslf4j.provider=dev.kafkaconnector.runners.security.CapturingSlf4jProvider} in the surefire and
 * failsafe argLine of runners-it; when not capturing it only delegates.
 */
public final class CapturingSlf4jProvider implements SLF4JServiceProvider {
  private final SimpleServiceProvider simple = new SimpleServiceProvider();
  private ILoggerFactory factory;

  /** Whether this provider is slf4j's binding in this JVM. */
  static boolean isBound() {
    return LoggerFactory.getILoggerFactory() instanceof CapturingFactory;
  }

  @Override
  public ILoggerFactory getLoggerFactory() {
    return factory;
  }

  @Override
  public IMarkerFactory getMarkerFactory() {
    return simple.getMarkerFactory();
  }

  @Override
  public MDCAdapter getMDCAdapter() {
    return simple.getMDCAdapter();
  }

  @Override
  public String getRequestedApiVersion() {
    return simple.getRequestedApiVersion();
  }

  @Override
  public void initialize() {
    simple.initialize();
    factory = new CapturingFactory(simple.getLoggerFactory());
  }

  private static final class CapturingFactory implements ILoggerFactory {
    private final ILoggerFactory simple;

    CapturingFactory(ILoggerFactory simple) {
      this.simple = simple;
    }

    @Override
    public Logger getLogger(String name) {
      return new CapturingLogger(name, simple.getLogger(name));
    }
  }

  /** Delegates to slf4j-simple's logger; enabled at every level the capture wants, too. */
  private static final class CapturingLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;
    private final transient Logger simple;

    CapturingLogger(String name, Logger simple) {
      this.name = name;
      this.simple = simple;
    }

    @Override
    public boolean isTraceEnabled() {
      return simple.isTraceEnabled() || SecretCanary.captures(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
      return simple.isDebugEnabled() || SecretCanary.captures(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
      return simple.isInfoEnabled() || SecretCanary.captures(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
      return simple.isWarnEnabled() || SecretCanary.captures(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
      return simple.isErrorEnabled() || SecretCanary.captures(Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
      return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(
        Level level, Marker marker, String pattern, Object[] arguments, Throwable throwable) {
      String message = MessageFormatter.basicArrayFormat(pattern, arguments);
      if (SecretCanary.captures(level)) {
        SecretCanary.logEvent(name, level, message, throwable);
      }
      if (!simple.isEnabledForLevel(level)) {
        return;
      }
      switch (level) {
        case ERROR -> simple.error(message, throwable);
        case WARN -> simple.warn(message, throwable);
        case INFO -> simple.info(message, throwable);
        case DEBUG -> simple.debug(message, throwable);
        case TRACE -> simple.trace(message, throwable);
      }
    }
  }
}
