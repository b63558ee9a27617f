package io.gsnode.node.cell;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One local cell at a time on a host. Every local cell's node i listens on port 9000 of 127.0.0.(i+1),
 * so a second cell started beside a running one (another {@code gsnode cell}, a test in another
 * module) finds its addresses taken and its nodes exit before listening ("Address already in
 * use"). The claim is a lock on a file in the temporary directory, held from before the first node
 * starts until the last has ended; a second cell waits for it, and says so.
 */
final class LoopbackClaim implements Closeable {

    static final Path FILE = Path.of(System.getProperty("java.io.tmpdir"), "gsnode-local-cell.lock");

    /** The file lock is the host's; this is the JVM's (a JVM cannot lock one file twice). */
    private static final Semaphore IN_THIS_JVM = new Semaphore(1);

    private final FileChannel channel;
    private final FileLock lock;
    private final AtomicBoolean closed = new AtomicBoolean();

    private LoopbackClaim(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits until no other local cell runs on this host, then holds the host until {@link #close}. */
    static LoopbackClaim acquire(PrintStream progress) throws IOException {
        try {
            IN_THIS_JVM.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for another local cell of this JVM to end");
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(FILE, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                progress.println("waiting for the local cell already running on this host to end (its nodes hold port 9000"
                        + " of 127.0.0.x; lock " + FILE + ")");
                lock = channel.lock();
            }
            return new LoopbackClaim(channel, lock);
        } catch (IOException | RuntimeException e) {
            if (channel != null) channel.close();
            IN_THIS_JVM.release();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        if (!closed.compareAndSet(false, true)) return;
        try {
            lock.release();
            channel.close();
        } finally {
            IN_THIS_JVM.release();
        }
    }
}
