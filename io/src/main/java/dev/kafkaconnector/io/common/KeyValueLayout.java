package dev.kafkaconnector.io.common;

import java.io.Serializable;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.beam.sdk.schemas.Schema;
import org.apache.beam.sdk.values.Row;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Where each column of a source comes from: the record key ({@code key.fields}, decoded by {@code
 * key.format}) or the record value, with the column-name prefixes of {@code key.fields-prefix} and
 * {@code value.fields-prefix} removed before decoding. Worked out once, when the transform is
 * built; {@link #assemble} (reading) and {@link #keyRow} / {@link #valueRow} (writing) then only
 * copy values by index. Shared by the reader and the writer.
 */
public final class KeyValueLayout implements Serializable {
  private static final long serialVersionUID = 1L;

  private final Schema keySchema;
  private final Schema valueSchema;

  /** For each physical column: its index in the key row, or -1. */
  private final int[] keyIndex;

  /** For each physical column: its index in the value row, or -1. */
  private final int[] valueIndex;

  private final String[] names;
  private final boolean[] nullable;
  private final DuplicateFieldStrategy strategy;

  private KeyValueLayout(
      Schema keySchema,
      Schema valueSchema,
      int[] keyIndex,
      int[] valueIndex,
      Schema physical,
      DuplicateFieldStrategy strategy) {
    this.keySchema = keySchema;
    this.valueSchema = valueSchema;
    this.keyIndex = keyIndex;
    this.valueIndex = valueIndex;
    this.strategy = strategy;
    this.names = physical.getFieldNames().toArray(new String[0]);
    this.nullable = new boolean[names.length];
    for (int i = 0; i < names.length; i++) {
      nullable[i] = Boolean.TRUE.equals(physical.getField(i).getType().getNullable());
    }
  }

  /**
   * Works out the layout.
   *
   * @param keyFields columns of {@code key.fields} (empty when the key is not read)
   * @throws IllegalArgumentException naming the option keys whose values do not fit together
   */
  public static KeyValueLayout create(
      Schema physical,
      List<String> keyFields,
      String keyPrefix,
      String valuePrefix,
      ValueFieldsInclude include,
      DuplicateFieldStrategy strategy) {
    checkPrefixes(keyPrefix, valuePrefix, include);
    Set<String> keys = checkKeyFields(physical, keyFields, keyPrefix);
    int n = physical.getFieldCount();
    int[] keyIndex = new int[n];
    int[] valueIndex = new int[n];
    Schema.Builder keyBuilder = Schema.builder();
    Schema.Builder valueBuilder = Schema.builder();
    int k = 0;
    int v = 0;
    // Key columns in key.fields order, as Flink's key projection.
    java.util.Arrays.fill(keyIndex, -1);
    java.util.Arrays.fill(valueIndex, -1);
    for (String field : keyFields) {
      int i = physical.indexOf(field);
      keyIndex[i] = k++;
      Schema.Field f = physical.getField(i);
      keyBuilder.addField(f.getName().substring(keyPrefix.length()), f.getType());
    }
    for (int i = 0; i < n; i++) {
      Schema.Field f = physical.getField(i);
      boolean isKey = keys.contains(f.getName());
      if (isKey && include == ValueFieldsInclude.EXCEPT_KEY) {
        continue;
      }
      if (!f.getName().startsWith(valuePrefix)) {
        throw new IllegalArgumentException(
            "Column '"
                + f.getName()
                + "' is read from the value but does not start with"
                + " 'value.fields-prefix' = '"
                + valuePrefix
                + "'"
                + (isKey ? " (it is a key column and value.fields-include is ALL)" : ""));
      }
      valueIndex[i] = v++;
      valueBuilder.addField(f.getName().substring(valuePrefix.length()), f.getType());
    }
    return new KeyValueLayout(
        keyBuilder.build(), valueBuilder.build(), keyIndex, valueIndex, physical, strategy);
  }

  /** The prefixes of key and value columns must fit together (see the option keys named). */
  private static void checkPrefixes(
      String keyPrefix, String valuePrefix, ValueFieldsInclude include) {
    if (!keyPrefix.isEmpty() && include != ValueFieldsInclude.EXCEPT_KEY) {
      throw new IllegalArgumentException(
          "Option 'key.fields-prefix' requires 'value.fields-include' = 'EXCEPT_KEY' (it is "
              + include
              + ")");
    }
    if (!keyPrefix.isEmpty()
        && !valuePrefix.isEmpty()
        && (keyPrefix.startsWith(valuePrefix) || valuePrefix.startsWith(keyPrefix))) {
      throw new IllegalArgumentException(
          "Options 'key.fields-prefix' ('"
              + keyPrefix
              + "') and 'value.fields-prefix' ('"
              + valuePrefix
              + "') must not be prefixes of one another");
    }
  }

  /**
   * Checks the columns of {@code key.fields}: in the schema, listed once, with the key prefix.
   *
   * @return their names
   */
  private static Set<String> checkKeyFields(
      Schema physical, List<String> keyFields, String keyPrefix) {
    Set<String> keys = new HashSet<>();
    for (String field : keyFields) {
      if (!physical.hasField(field)) {
        throw new IllegalArgumentException(
            "Column '"
                + field
                + "' of option 'key.fields' is not in the schema "
                + physical.getFieldNames());
      }
      if (!keys.add(field)) {
        throw new IllegalArgumentException(
            "Column '" + field + "' is listed twice in option 'key.fields'");
      }
      if (!field.startsWith(keyPrefix)) {
        throw new IllegalArgumentException(
            "Column '"
                + field
                + "' of option 'key.fields' does not start with"
                + " 'key.fields-prefix' = '"
                + keyPrefix
                + "'");
      }
    }
    return keys;
  }

  /** The key row of {@code row} (a row of the physical schema) for writing; null without key. */
  public @Nullable Row keyRow(Row row) {
    if (!readsKey()) {
      return null;
    }
    return project(row, keySchema, keyIndex);
  }

  /** The value row of {@code row} (a row of the physical schema) for writing. */
  public Row valueRow(Row row) {
    return project(row, valueSchema, valueIndex);
  }

  private static Row project(Row row, Schema target, int[] index) {
    Object[] values = new Object[target.getFieldCount()];
    for (int i = 0; i < index.length; i++) {
      if (index[i] >= 0) {
        values[index[i]] = row.getValue(i);
      }
    }
    return Row.withSchema(target).attachValues(java.util.Arrays.asList(values));
  }

  /** Whether any column comes from the key. */
  public boolean readsKey() {
    return keySchema.getFieldCount() > 0;
  }

  /** The columns the key format fills, prefix removed. */
  public Schema keySchema() {
    return keySchema;
  }

  /** The columns the value format fills, prefix removed. */
  public Schema valueSchema() {
    return valueSchema;
  }

  /** Whether the output columns are exactly the value row's, in order (no copying needed). */
  public boolean isValueOnly() {
    if (readsKey()) {
      return false;
    }
    for (int i = 0; i < valueIndex.length; i++) {
      if (valueIndex[i] != i || !names[i].equals(valueSchema.getField(i).getName())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Appends the physical columns' values to {@code out}.
   *
   * @param key the decoded key, or null when the record has no key
   * @throws LayoutException when a NOT NULL key column has no key, or key and value disagree under
   *     {@link DuplicateFieldStrategy#EXCEPTION}
   */
  public void assemble(@Nullable Row key, Row value, List<Object> out) throws LayoutException {
    for (int i = 0; i < names.length; i++) {
      int ki = keyIndex[i];
      int vi = valueIndex[i];
      Object fromKey = ki >= 0 && key != null ? key.getValue(ki) : null;
      Object result;
      if (ki < 0) {
        result = value.getValue(vi);
      } else if (vi < 0) {
        result = fromKey;
        if (key == null && !nullable[i]) {
          throw new LayoutException(
              names[i], "the record has no key, but key column '" + names[i] + "' is NOT NULL");
        }
      } else {
        result = pick(i, key == null ? null : fromKey, key != null, value.getValue(vi));
      }
      out.add(result);
    }
  }

  private Object pick(int i, Object fromKey, boolean hasKey, Object fromValue)
      throws LayoutException {
    switch (strategy) {
      case PREFER_KEY:
        return hasKey ? fromKey : fromValue;
      case PREFER_VALUE:
        return fromValue;
      default:
        if (hasKey && !Objects.deepEquals(fromKey, fromValue)) {
          throw new LayoutException(
              names[i],
              "column '"
                  + names[i]
                  + "' is in both key and value with different values (key: "
                  + fromKey
                  + ", value: "
                  + fromValue
                  + "); set scan.duplicate-field.strategy to"
                  + " PREFER_KEY or PREFER_VALUE, or value.fields-include to EXCEPT_KEY");
        }
        return fromValue;
    }
  }

  /** A record whose key and value cannot be put together. */
  public static final class LayoutException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String column;

    LayoutException(String column, String message) {
      super(message);
      this.column = column;
    }

    public String column() {
      return column;
    }
  }
}
