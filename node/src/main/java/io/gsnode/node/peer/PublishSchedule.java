package io.gsnode.node.peer;

/**
 * What {@code gsnode peer} publishes: {@code count} messages of {@code size} random bytes on
 * {@code topic}, {@code intervalMs} apart, the first {@code afterMs} after the process started.
 */
public record PublishSchedule(String topic, int size, int count, long intervalMs, long afterMs) {}
