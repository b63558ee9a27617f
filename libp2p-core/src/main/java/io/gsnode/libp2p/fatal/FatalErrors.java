package io.gsnode.libp2p.fatal;

/**
 * Errors (out of heap or direct memory, stack overflow, a broken class) are not a peer's fault and
 * not something a connection or a router task can recover from; a node that swallowed one would
 * run on with a dead heartbeat or a missing buffer and still write an ordinary record, which is
 * worse than losing it. Netty hands a handler's Error to {@code exceptionCaught} like any other
 * cause, and an executor swallows a task's: wherever gsnode catches broadly, it passes Errors here,
 * and this passes them to the thread's uncaught-exception handler, where the process decides
 * ({@code gsnode run} halts, docs/records.md: the node is then lost).
 */
public final class FatalErrors {

    private FatalErrors() {}

    /** The first Error in {@code t}'s cause chain (Netty wraps a decoder's), or null. */
    public static Error find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof Error e) return e;
        }
        return null;
    }

    /**
     * Hands an Error in {@code t}'s cause chain to the current thread's uncaught-exception handler;
     * true when there was one (the caller then stops what it was doing).
     */
    public static boolean escalate(Throwable t) {
        Error e = find(t);
        if (e == null) return false;
        Thread self = Thread.currentThread();
        self.getUncaughtExceptionHandler().uncaughtException(self, e);
        return true;
    }
}
