package dev.kafkaconnector.io.pipeline;

import dev.kafkaconnector.schema.change.AddColumnEvent;
import dev.kafkaconnector.schema.change.AlterColumnTypeEvent;
import dev.kafkaconnector.schema.change.ChangeEvent;
import dev.kafkaconnector.schema.change.CreateTableEvent;
import dev.kafkaconnector.schema.change.DataChangeEvent;
import dev.kafkaconnector.schema.change.DropColumnEvent;
import dev.kafkaconnector.schema.change.RenameColumnEvent;
import dev.kafkaconnector.schema.change.TableId;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The {@code route} block compiled: which table ids a table id becomes. A rule's {@code
 * source-table} is a comma-separated list of table patterns in Flink CDC's notation: an unescaped
 * {@code .} separates the parts of a table id ({@code db.table}), {@code \.} is the regular
 * expression's any-character, and every part is a Java regular expression ({@code mydb.orders_\.*}
 * matches {@code mydb.orders_1}); a pattern matches a table id's whole text. A table matched by
 * several rules goes to every one of their sink tables; a table matched by none keeps its id. In
 * {@code sink-table}, {@code replace-symbol} stands for the source table's name (its last part).
 */
final class RouteRules implements Serializable {
  private static final long serialVersionUID = 1L;

  private record Rule(List<Pattern> sources, String sinkTable, String replaceSymbol)
      implements Serializable {}

  private final List<Rule> rules;

  private RouteRules(List<Rule> rules) {
    this.rules = rules;
  }

  static RouteRules of(List<RouteDefinition> routes) {
    List<Rule> rules = new ArrayList<>();
    for (RouteDefinition route : routes) {
      rules.add(compile(route));
    }
    return new RouteRules(rules);
  }

  /** Checks that a rule compiles, naming its path. */
  static void check(RouteDefinition route) {
    compile(route);
  }

  private static Rule compile(RouteDefinition route) {
    List<Pattern> sources = new ArrayList<>();
    for (String selector : route.sourceTable().split(",")) {
      String trimmed = selector.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      try {
        sources.add(Pattern.compile(toRegex(trimmed)));
      } catch (PatternSyntaxException e) {
        throw new PipelineDefinitionException(
            route.path() + ".source-table",
            "'" + trimmed + "' is not a valid pattern: " + e.getDescription());
      }
    }
    if (sources.isEmpty()) {
      throw new PipelineDefinitionException(route.path() + ".source-table", "no table pattern");
    }
    String symbol = route.replaceSymbol();
    if (symbol != null && symbol.isEmpty()) {
      throw new PipelineDefinitionException(route.path() + ".replace-symbol", "is empty");
    }
    if (route.sinkTable().isBlank()
        || TableId.parse(route.sinkTable().trim()).parts().stream().anyMatch(String::isEmpty)) {
      throw new PipelineDefinitionException(
          route.path() + ".sink-table", "'" + route.sinkTable() + "' is not a table id");
    }
    return new Rule(sources, route.sinkTable().trim(), symbol);
  }

  /** Flink CDC's table pattern as one regular expression over the dotted table id. */
  static String toRegex(String selector) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < selector.length(); i++) {
      char c = selector.charAt(i);
      if (c == '\\' && i + 1 < selector.length() && selector.charAt(i + 1) == '.') {
        regex.append('.');
        i++;
      } else if (c == '.') {
        regex.append("\\.");
      } else {
        regex.append(c);
      }
    }
    return regex.toString();
  }

  boolean isEmpty() {
    return rules.isEmpty();
  }

  /** The table ids {@code table} is routed to: its own when no rule matches it. */
  List<TableId> route(TableId table) {
    String id = table.identifier();
    Set<TableId> targets = new LinkedHashSet<>();
    for (Rule rule : rules) {
      if (rule.sources().stream().anyMatch(p -> p.matcher(id).matches())) {
        String sink = rule.sinkTable();
        if (rule.replaceSymbol() != null) {
          sink = sink.replace(rule.replaceSymbol(), table.tableName());
        }
        targets.add(TableId.parse(sink));
      }
    }
    return targets.isEmpty() ? List.of(table) : List.copyOf(targets);
  }

  /** {@code event} for the table {@code target}. */
  static ChangeEvent withTable(ChangeEvent event, TableId target) {
    if (event.tableId().equals(target)) {
      return event;
    }
    if (event instanceof DataChangeEvent data) {
      return new DataChangeEvent(
          target, data.op(), data.before(), data.after(), data.schemaVersion(), data.primaryKey());
    } else if (event instanceof CreateTableEvent create) {
      return new CreateTableEvent(target, create.schema(), create.primaryKey());
    } else if (event instanceof AddColumnEvent add) {
      return new AddColumnEvent(target, add.columns());
    } else if (event instanceof AlterColumnTypeEvent alter) {
      return new AlterColumnTypeEvent(target, alter.newTypes());
    } else if (event instanceof DropColumnEvent drop) {
      return new DropColumnEvent(target, drop.columns());
    } else if (event instanceof RenameColumnEvent rename) {
      return new RenameColumnEvent(target, rename.renames());
    }
    throw new IllegalStateException("Unknown change event " + event.getClass().getName());
  }
}
