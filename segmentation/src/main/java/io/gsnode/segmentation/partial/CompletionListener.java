package io.gsnode.segmentation.partial;

/** Told once per group when the node has rebuilt it (on the broadcaster's assembly thread). */
@FunctionalInterface
public interface CompletionListener {

    /**
     * @param groupId the group
     * @param completedNanos {@link System#nanoTime()} when the message was rebuilt
     * @param message the rebuilt message (the envelope)
     */
    void completed(byte[] groupId, long completedNanos, byte[] message);
}
