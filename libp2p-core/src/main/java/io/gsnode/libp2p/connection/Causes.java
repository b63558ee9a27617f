package io.gsnode.libp2p.connection;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** The failure behind the wrappers that futures put around it. */
public final class Causes {

    private Causes() {}

    public static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The unwrapped failure's message, or its type when it has none. */
    public static String message(Throwable t) {
        Throwable cause = unwrap(t);
        return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    }
}
