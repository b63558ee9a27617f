package io.gsnode.transport.quic.kwik;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.concurrent.TimeUnit;

/**
 * A UDP socket whose {@link #close()} never has to signal the thread blocked in {@link #receive}.
 *
 * <p>Kwik reads each socket on a thread of its own that blocks in {@code receive}, and closes the
 * socket from another thread. The JDK then wakes the reader with a real-time signal
 * ({@code tgkill(..., SIGRTMAX-2)}, {@code sun.nio.ch.NativeThread.signal}). The Shadow simulator
 * (3.3.0) does not implement real-time signals and answers {@code EOPNOTSUPP}; the JDK turns that
 * into a {@code java.lang.Error} thrown from {@code close()}, which kills the thread closing the
 * node (measured: every Kwik node of an 8-host Shadow cell died so at the end of its hold, with no
 * record). So this socket wakes its own reader the ordinary way, with an empty datagram sent to
 * itself, and closes the socket only once no thread is inside {@code receive}: the JDK then has
 * nobody to signal. On a real kernel this is equivalent to the JDK's way.
 *
 * <p>A dialer's socket also holds its first datagram at its {@link HandshakeWatch}, and tells the
 * watch of each datagram that arrives.
 *
 * <p>Kwik calls only {@code receive}, {@code send}, {@code close}, {@code getLocalPort},
 * {@code getLocalSocketAddress} and {@code getReceiveBufferSize} on its sockets (kwik 0.10.8).
 */
final class SelfWakingDatagramSocket extends DatagramSocket {

    /** How long {@link #close()} waits for a reader to leave before closing regardless. */
    private static final long READER_EXIT_WAIT_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final Object lock = new Object();
    private final HandshakeWatch watch;
    private int readers;
    private boolean closing;
    /** Set by the first send; only Kwik's sender thread sends. */
    private boolean sent;

    /** A listener's socket bound to {@code address}. */
    SelfWakingDatagramSocket(SocketAddress address) throws SocketException {
        this(address, null);
    }

    /**
     * A socket bound to {@code address} ({@code null}: the wildcard address and any port) whose
     * first send waits at {@code watch} when there is one.
     */
    SelfWakingDatagramSocket(SocketAddress address, HandshakeWatch watch) throws SocketException {
        super(address == null ? new InetSocketAddress(0) : address);
        this.watch = watch;
    }

    @Override
    public void send(DatagramPacket p) throws IOException {
        if (!sent) {
            sent = true;
            if (watch != null) watch.awaitServerHelloExpected();
        }
        super.send(p);
    }

    @Override
    public void receive(DatagramPacket p) throws IOException {
        synchronized (lock) {
            if (closing) throw new SocketException("Socket closed");
            readers++;
        }
        try {
            super.receive(p);
        } finally {
            synchronized (lock) {
                readers--;
                lock.notifyAll();
            }
        }
        synchronized (lock) {
            // Whatever arrived once the close began (our own wake-up among it) is not handed out,
            // just as a closed socket would not have read it.
            if (closing) throw new SocketException("Socket closed");
        }
        if (watch != null) watch.datagramReceived();
    }

    @Override
    public void close() {
        boolean wake;
        synchronized (lock) {
            if (closing) {
                super.close();
                return;
            }
            closing = true;
            wake = readers > 0;
        }
        if (wake && wakeReaders()) {
            long deadline = System.nanoTime() + READER_EXIT_WAIT_NANOS;
            synchronized (lock) {
                long left;
                while (readers > 0 && (left = deadline - System.nanoTime()) > 0) {
                    try {
                        TimeUnit.NANOSECONDS.timedWait(lock, left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
        }
        super.close();
    }

    /** Sends one empty datagram to this socket; false if it could not be sent. */
    private boolean wakeReaders() {
        InetAddress local = getLocalAddress();
        if (local == null || local.isAnyLocalAddress()) local = InetAddress.getLoopbackAddress();
        try {
            super.send(new DatagramPacket(new byte[0], 0, new InetSocketAddress(local, getLocalPort())));
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
