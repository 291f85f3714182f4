/**
 * Row expressions compiled by Calcite as Beam SQL ships it (the vendored copy): a {@code SELECT
 * <expressions> FROM t [WHERE <filter>]} over one row's columns is parsed, validated, planned and
 * compiled to Java code once, then evaluated per row. Used by the computed columns of SQL tables
 * ({@code total AS price * qty}) and by the transform rules of YAML jobs.
 *
 * <p>Internal: not API, may change in any release.
 */
package dev.kafkaconnector.io.sql.expressions;
