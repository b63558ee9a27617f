package io.gsnode.netns.cell;

import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.QueueKind;

/**
 * The netns side of a cell: the queue, the delay (null: netem where the kernel has it, else the
 * userspace switch), whether to run what the kernel allows when it lacks something, and the
 * fabric's tag.
 */
public record NetnsCellOptions(QueueKind queue, DelayMode delay, boolean allowDegraded, String tag) {
}
