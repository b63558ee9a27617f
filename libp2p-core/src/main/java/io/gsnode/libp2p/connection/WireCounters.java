package io.gsnode.libp2p.connection;

import java.util.concurrent.atomic.LongAdder;

/**
 * Bytes a host's transports moved through their sockets, every layer's overhead included (for
 * TCP: Noise and yamux framing; not the TCP/IP headers). A transport that cannot see its socket
 * bytes says so through {@link Transport#countsWireBytes()}.
 */
public final class WireCounters {

    private final LongAdder received = new LongAdder();
    private final LongAdder sent = new LongAdder();

    public void received(long bytes) {
        received.add(bytes);
    }

    public void sent(long bytes) {
        sent.add(bytes);
    }

    public long received() {
        return received.sum();
    }

    public long sent() {
        return sent.sum();
    }
}
