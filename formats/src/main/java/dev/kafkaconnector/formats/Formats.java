package dev.kafkaconnector.formats;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds {@link FormatFactory} implementations on the classpath with {@link ServiceLoader}. */
public final class Formats {
  private Formats() {}

  /**
   * The factory registered under {@code identifier}.
   *
   * @param optionKey the option that named the format, for the error message
   * @throws IllegalArgumentException naming the option and listing the available formats
   */
  public static FormatFactory find(String identifier, String optionKey) {
    Map<String, FormatFactory> all = available();
    FormatFactory factory = all.get(identifier);
    if (factory == null) {
      throw new IllegalArgumentException(
          "Unknown format '"
              + identifier
              + "' in option '"
              + optionKey
              + "'. Available formats: "
              + all.keySet()
              + ". A format is added by putting a jar with a "
              + "META-INF/services/"
              + FormatFactory.class.getName()
              + " entry on the classpath.");
    }
    return factory;
  }

  /** All formats on the classpath by identifier. */
  public static Map<String, FormatFactory> available() {
    Map<String, FormatFactory> out = new TreeMap<>();
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    if (loader == null) {
      loader = Formats.class.getClassLoader();
    }
    for (FormatFactory factory : ServiceLoader.load(FormatFactory.class, loader)) {
      FormatFactory previous = out.putIfAbsent(factory.identifier(), factory);
      if (previous != null && previous.getClass() != factory.getClass()) {
        throw new IllegalStateException(
            "Two formats claim the identifier '"
                + factory.identifier()
                + "': "
                + previous.getClass().getName()
                + " and "
                + factory.getClass().getName());
      }
    }
    return out;
  }
}
