package dev.kafkaconnector.io.pipeline;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.kafkaconnector.io.cdc.SchemaChangeBehavior;
import dev.kafkaconnector.io.pipeline.PipelineSettings.DirtyDataCollector;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.checkerframework.checker.nullness.qual.Nullable;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Reads a YAML job definition in Flink CDC's pipeline format: top-level {@code source} and {@code
 * sink} (required), {@code route}, {@code transform} and {@code pipeline} (optional); any other key
 * fails naming it. Placeholders {@code ${name}} are filled from the given variables, then the
 * environment. Every error is a {@link PipelineDefinitionException} whose message starts with the
 * YAML path and shows no value of a {@code ${secret_values.*}} placeholder. The connectors' own
 * options are checked later, by the connector ({@link PipelineTranslator}).
 */
public final class PipelineDefinitionParser {
  static final String SOURCE = "source";
  static final String SINK = "sink";
  static final String ROUTE = "route";
  static final String TRANSFORM = "transform";
  static final String PIPELINE = "pipeline";
  static final String TYPE = "type";
  static final String NAME = "name";
  static final String CATALOG = "using.built-in-catalog";
  private static final List<String> TOP_LEVEL = List.of(SOURCE, SINK, ROUTE, TRANSFORM, PIPELINE);
  private static final List<String> ROUTE_KEYS =
      List.of("source-table", "sink-table", "replace-symbol", "description");
  private static final List<String> TRANSFORM_KEYS =
      List.of(
          "source-table", "projection", "filter", "primary-keys", "partition-keys", "description");
  private static final List<String> PIPELINE_KEYS =
      List.of(
          "name",
          "parallelism",
          "schema.change.behavior",
          "dirty-data.collector",
          "local-time-zone");
  private static final List<String> COLLECTOR_KEYS = List.of(TYPE, NAME);
  private static final Set<String> COLLECTOR_TYPES = Set.of("logger");

  private final Placeholders placeholders;
  private final Map<String, Map<String, String>> catalogs;

  private PipelineDefinitionParser(
      Map<String, String> variables,
      Map<String, String> environment,
      Map<String, Map<String, String>> catalogs) {
    this.placeholders = new Placeholders(variables, environment);
    this.catalogs = catalogs;
  }

  /** Parses {@code yaml}, filling placeholders from {@code variables} and the environment. */
  public static PipelineDefinition parse(String yaml, Map<String, String> variables) {
    return parse(yaml, variables, System.getenv(), Map.of());
  }

  /**
   * Parses {@code yaml}.
   *
   * @param variables the {@code -Dname=value} arguments
   * @param environment the environment variables placeholders fall back to
   * @param catalogs the catalogs {@code using.built-in-catalog} may name: catalog name to its
   *     options ({@link #parseCatalogs})
   */
  public static PipelineDefinition parse(
      String yaml,
      Map<String, String> variables,
      Map<String, String> environment,
      Map<String, Map<String, String>> catalogs) {
    return new PipelineDefinitionParser(variables, environment, catalogs).parse(yaml);
  }

  /**
   * A catalog definition file: a YAML mapping of catalog names to their options, for example {@code
   * kafka_catalog: {type: kafka, properties.bootstrap.servers: host:9092}}.
   */
  public static Map<String, Map<String, String>> parseCatalogs(
      String yaml, Map<String, String> variables, Map<String, String> environment) {
    Placeholders placeholders = new Placeholders(variables, environment);
    try {
      YamlBlock root = readRoot(yaml, "a catalog definition file", placeholders);
      Map<String, Map<String, String>> catalogs = new LinkedHashMap<>();
      for (String name : root.keys()) {
        YamlBlock catalog = root.block(name);
        if (catalog == null) {
          throw new PipelineDefinitionException(name, "expected the catalog's options");
        }
        catalogs.put(name, catalog.options(Set.of()));
      }
      return catalogs;
    } catch (PipelineDefinitionException e) {
      throw e.masked(placeholders.secretValues());
    }
  }

  private PipelineDefinition parse(String yaml) {
    try {
      return parseDefinition(yaml);
    } catch (PipelineDefinitionException e) {
      throw e.masked(placeholders.secretValues());
    }
  }

  private PipelineDefinition parseDefinition(String yaml) {
    YamlBlock root = readRoot(yaml, "a job definition", placeholders);
    root.rejectUnknownKeys(TOP_LEVEL);
    ConnectorDefinition source = connector(root, SOURCE);
    ConnectorDefinition sink = connector(root, SINK);
    List<RouteDefinition> routes = new ArrayList<>();
    for (YamlBlock rule : root.blocks(ROUTE)) {
      routes.add(route(rule));
    }
    List<TransformDefinition> transforms = new ArrayList<>();
    for (YamlBlock rule : root.blocks(TRANSFORM)) {
      transforms.add(transform(rule));
    }
    YamlBlock pipelineBlock = root.block(PIPELINE);
    PipelineSettings settings =
        pipelineBlock == null ? PipelineSettings.defaults() : settings(pipelineBlock);
    return new PipelineDefinition(
        source, sink, routes, transforms, settings, placeholders.secretValues());
  }

  private static YamlBlock readRoot(String yaml, String what, Placeholders placeholders) {
    ObjectMapper mapper = new ObjectMapper(new YAMLFactory());
    mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    JsonNode root;
    try {
      root = mapper.readTree(yaml);
    } catch (JsonProcessingException e) {
      if (e.getCause() instanceof MarkedYAMLException yamlError
          && yamlError.getProblemMark() != null) {
        Mark mark = yamlError.getProblemMark();
        throw new PipelineDefinitionException(
            "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1),
            "not valid YAML: "
                + (yamlError.getContext() != null ? yamlError.getContext() + ": " : "")
                + yamlError.getProblem());
      }
      throw new PipelineDefinitionException(
          where(e.getLocation()), "not valid YAML: " + firstLine(e.getOriginalMessage()));
    }
    if (root == null || root.isMissingNode() || root.isNull()) {
      throw new PipelineDefinitionException("", "the file is empty; expected " + what);
    }
    if (!root.isObject()) {
      throw new PipelineDefinitionException(
          "", "expected " + what + " (a mapping of keys to values) at the top level");
    }
    return new YamlBlock("", (ObjectNode) root, placeholders);
  }

  private ConnectorDefinition connector(YamlBlock root, String key) {
    YamlBlock block = root.block(key);
    if (block == null) {
      throw new PipelineDefinitionException(
          key, "missing: a job needs a '" + key + "' block with at least its 'type'");
    }
    String type =
        block
            .requiredString(
                TYPE, "the connector type (kafka" + (key.equals(SINK) ? ", print" : "") + ")")
            .trim()
            .toLowerCase(Locale.ROOT);
    String name = block.string(NAME);
    Map<String, String> options = new LinkedHashMap<>();
    String catalogName = block.string(CATALOG);
    if (catalogName != null) {
      options.putAll(catalogOptions(block.pathOf(CATALOG), catalogName, type));
    }
    options.putAll(block.options(Set.of(TYPE, NAME, CATALOG)));
    return new ConnectorDefinition(key, type, name, options);
  }

  /** The connection options ({@code properties.*}) of the named catalog. */
  private Map<String, String> catalogOptions(String path, String name, String type) {
    Map<String, String> catalog = catalogs.get(name);
    if (catalog == null) {
      throw new PipelineDefinitionException(
          path,
          "unknown catalog '"
              + name
              + "'"
              + (catalogs.isEmpty()
                  ? "; give a catalog definition file with --catalogs=<file>"
                  : "; the catalogs given are " + String.join(", ", catalogs.keySet())));
    }
    String catalogType = catalog.get(TYPE);
    if (catalogType != null && !catalogType.equalsIgnoreCase(type)) {
      throw new PipelineDefinitionException(
          path, "catalog '" + name + "' is of type '" + catalogType + "', not '" + type + "'");
    }
    return catalog.entrySet().stream()
        .filter(e -> e.getKey().startsWith("properties."))
        .collect(
            Collectors.toMap(
                Map.Entry::getKey, Map.Entry::getValue, (a, b) -> b, LinkedHashMap::new));
  }

  private RouteDefinition route(YamlBlock rule) {
    rule.rejectUnknownKeys(ROUTE_KEYS);
    RouteDefinition route =
        new RouteDefinition(
            rule.path(),
            rule.requiredString("source-table", "the tables to route (a regular expression)"),
            rule.requiredString("sink-table", "the table id they get"),
            rule.string("replace-symbol"),
            rule.string("description"));
    RouteRules.check(route);
    return route;
  }

  private TransformDefinition transform(YamlBlock rule) {
    rule.rejectUnknownKeys(TRANSFORM_KEYS);
    TransformDefinition transform =
        new TransformDefinition(
            rule.path(),
            rule.requiredString("source-table", "the tables to transform (a regular expression)"),
            rule.string("projection"),
            rule.string("filter"),
            columns(rule, "primary-keys"),
            columns(rule, "partition-keys"),
            rule.string("description"));
    RouteRules.check(
        new RouteDefinition(rule.path(), transform.sourceTable(), "unused", null, null));
    TransformSyntax.check(transform);
    return transform;
  }

  private static List<String> columns(YamlBlock block, String key) {
    String text = block.string(key);
    if (text == null || text.isBlank()) {
      return List.of();
    }
    return Arrays.stream(text.split(",")).map(String::trim).filter(c -> !c.isEmpty()).toList();
  }

  private PipelineSettings settings(YamlBlock block) {
    block.rejectUnknownKeys(PIPELINE_KEYS);
    Integer parallelism = block.integer("parallelism");
    if (parallelism != null && parallelism < 1) {
      throw new PipelineDefinitionException(
          block.pathOf("parallelism"), "must be at least 1, got " + parallelism);
    }
    return new PipelineSettings(
        block.string("name"), parallelism, behavior(block), collector(block), zone(block));
  }

  private static SchemaChangeBehavior behavior(YamlBlock block) {
    String key = "schema.change.behavior";
    String text = block.string(key);
    if (text == null) {
      return SchemaChangeBehavior.LENIENT;
    }
    try {
      return SchemaChangeBehavior.valueOf(text.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new PipelineDefinitionException(
          block.pathOf(key),
          "unknown value '"
              + text
              + "'; expected one of "
              + Arrays.toString(SchemaChangeBehavior.values()));
    }
  }

  private static @Nullable DirtyDataCollector collector(YamlBlock block) {
    YamlBlock collector = block.block("dirty-data.collector");
    if (collector == null) {
      return null;
    }
    collector.rejectUnknownKeys(COLLECTOR_KEYS);
    String type = collector.requiredString(TYPE, "the collector type (logger)");
    if (!COLLECTOR_TYPES.contains(type)) {
      throw new PipelineDefinitionException(
          collector.pathOf(TYPE), "unknown collector type '" + type + "'; supported: logger");
    }
    return new DirtyDataCollector(type, collector.string(NAME));
  }

  private static @Nullable ZoneId zone(YamlBlock block) {
    String text = block.string("local-time-zone");
    if (text == null) {
      return null;
    }
    try {
      return ZoneId.of(text.trim());
    } catch (DateTimeException e) {
      throw new PipelineDefinitionException(
          block.pathOf("local-time-zone"),
          "not a time zone: '" + text + "' (" + e.getMessage() + ")");
    }
  }

  private static String where(@Nullable JsonLocation location) {
    return location == null || location.getLineNr() < 0
        ? ""
        : "line " + location.getLineNr() + ", column " + location.getColumnNr();
  }

  private static String firstLine(String message) {
    String trimmed = message.strip();
    int newline = trimmed.indexOf('\n');
    return newline < 0 ? trimmed : trimmed.substring(0, newline).strip();
  }
}
