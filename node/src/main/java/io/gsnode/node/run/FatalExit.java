package io.gsnode.node.run;

import io.gsnode.libp2p.fatal.FatalErrors;

/**
 * The node's answer to an Error on any thread (out of heap or direct memory, stack overflow): one
 * line on stderr and an immediate exit with {@link #STATUS}, before anything can write a record.
 * A node that ran on after one would measure a broken process; without a record its runner counts
 * it lost, which is the honest outcome (docs/arms.md §11.3). gsnode escalates the Errors it would
 * otherwise catch ({@link FatalErrors}); the rest reach this handler on their own.
 */
public final class FatalExit {

    /** Exit status of a node stopped by an Error (2 is bad usage, 1 a failed run). */
    public static final int STATUS = 3;

    private FatalExit() {}

    /** Installs the handler for every thread of this process that has none of its own. */
    public static void install() {
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof Error error) {
                try {
                    System.err.println("gsnode run: fatal " + error + " on thread " + thread.getName()
                            + "; exiting with status " + STATUS + " and no record");
                    error.printStackTrace();
                    System.err.flush();
                } finally {
                    Runtime.getRuntime().halt(STATUS);
                }
            }
            System.err.print("Exception in thread \"" + thread.getName() + "\" ");
            e.printStackTrace();
        });
    }
}
