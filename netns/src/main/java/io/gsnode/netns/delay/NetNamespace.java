package io.gsnode.netns.delay;

import com.sun.jna.LastErrorException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Entering a Linux network namespace, one thread at a time ({@code setns(2)} with
 * {@code CLONE_NEWNET} changes only the calling thread). A thread inside a namespace creates its
 * sockets and TUN attachments there; a socket keeps its namespace after the thread leaves.
 *
 * <p>A namespace is named by a path to its nsfs file: {@code /run/netns/NAME} (what
 * {@code ip netns add} makes) or {@code /proc/PID/ns/net}. Needs CAP_SYS_ADMIN in the user
 * namespace that owns the target (real root, or the root of an {@code unshare -Urnm} user
 * namespace); nothing here checks uids.
 */
public final class NetNamespace {

    private static final String SELF = "/proc/thread-self/ns/net";

    private NetNamespace() {
    }

    /**
     * Moves the calling thread into {@code namespace}. Closing the result moves it back to where it
     * was; use try-with-resources on the same thread.
     */
    public static Entered enter(Path namespace) throws IOException {
        int previous = openNamespace(Path.of(SELF));
        try {
            join(namespace);
        } catch (IOException e) {
            LinuxLibc.closeQuietly(previous);
            throw e;
        }
        return new Entered(previous, Thread.currentThread());
    }

    /**
     * Runs {@code task} on a fresh thread inside {@code namespace} and returns its result; the
     * calling thread never changes namespace. The thread ends with the task.
     */
    public static <T> T callIn(Path namespace, Callable<T> task) throws IOException {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                join(namespace);
                result.complete(task.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "netns-" + namespace.getFileName());
        t.setDaemon(true);
        t.start();
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while working in network namespace " + namespace, e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) throw io;
            if (cause instanceof RuntimeException re) throw re;
            if (cause instanceof Error err) throw err;
            throw new IOException(cause.getMessage(), cause);
        }
    }

    /** Moves the calling thread into {@code namespace}, for good. */
    static void join(Path namespace) throws IOException {
        int fd = openNamespace(namespace);
        try {
            LinuxLibc.C.setns(fd, LinuxLibc.CLONE_NEWNET);
        } catch (LastErrorException e) {
            String why = e.getErrorCode() == 22 ? "it is not a network namespace"
                    : e.getErrorCode() == 1 ? "this process lacks CAP_SYS_ADMIN over it (run as root, or inside the user namespace that owns it)"
                    : LinuxLibc.describe(e);
            throw new IOException("cannot enter network namespace " + namespace + ": " + why, e);
        } finally {
            LinuxLibc.closeQuietly(fd);
        }
    }

    private static int openNamespace(Path namespace) throws IOException {
        try {
            return LinuxLibc.C.open(namespace.toString(), LinuxLibc.O_RDONLY | LinuxLibc.O_CLOEXEC);
        } catch (LastErrorException e) {
            String why = e.getErrorCode() == 2 ? "no such namespace (no file " + namespace + ")" : LinuxLibc.describe(e);
            throw new IOException("cannot open network namespace " + namespace + ": " + why, e);
        }
    }

    /** A thread's stay in a namespace; {@link #close} returns it to the namespace it came from. */
    public static final class Entered implements AutoCloseable {
        private final int previous;
        private final Thread thread;
        private boolean closed;

        private Entered(int previous, Thread thread) {
            this.previous = previous;
            this.thread = thread;
        }

        @Override
        public void close() throws IOException {
            if (closed) return;
            if (Thread.currentThread() != thread) {
                throw new IllegalStateException("leave a namespace on the thread that entered it (" + thread.getName() + ")");
            }
            closed = true;
            try {
                LinuxLibc.C.setns(previous, LinuxLibc.CLONE_NEWNET);
            } catch (LastErrorException e) {
                throw new IOException("cannot return thread " + thread.getName() + " to its network namespace: "
                        + LinuxLibc.describe(e), e);
            } finally {
                LinuxLibc.closeQuietly(previous);
            }
        }
    }
}
