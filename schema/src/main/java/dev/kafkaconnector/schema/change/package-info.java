/**
 * The change-event model of multi-table change streams: {@link
 * dev.kafkaconnector.schema.change.TableId}, the sealed {@link
 * dev.kafkaconnector.schema.change.ChangeEvent} hierarchy (row changes and schema changes) and
 * {@link dev.kafkaconnector.schema.change.ChangeEventCoder}, which carries each row's schema across
 * workers without paying the whole Beam schema per element.
 *
 * <p>Public API: the change events that {@code readChanges()} gives and {@code writeChanges()}
 * takes.
 */
package dev.kafkaconnector.schema.change;
