/**
 * The header filter ({@code scan.header-filter}).
 *
 * <p>Internal: not API; it may change in any release.
 */
package dev.kafkaconnector.io.source.filter;
