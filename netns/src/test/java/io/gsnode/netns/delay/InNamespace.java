package io.gsnode.netns.delay;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/** Test code that runs on its own thread inside a node's namespace (its sockets are made there). */
final class InNamespace {

    interface Body<T> {
        T run() throws Exception;
    }

    private InNamespace() {
    }

    /** Starts {@code body} on a new daemon thread inside {@code namespace}. */
    static <T> CompletableFuture<T> start(Path namespace, String name, Body<T> body) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                NetNamespace.join(namespace);
                result.complete(body.run());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return result;
    }
}
