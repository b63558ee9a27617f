package io.gsnode.node.launch;

import io.gsnode.node.run.Transport;
import io.gsnode.transport.quic.QuicConfig;
import java.util.Objects;

/** The transport a cell's nodes speak, with the knobs that belong to it. */
public sealed interface TransportChoice {

    /** TCP with Noise and yamux, the default. */
    TransportChoice TCP = new Tcp(false);

    /** Which transport, as the command line and records name it. */
    Transport transport();

    /**
     * TCP with Noise and yamux.
     *
     * @param epoll Netty's Linux epoll instead of NIO, so that records carry congestion windows
     *     ({@code gsnode run --epoll}); not under Shadow
     */
    record Tcp(boolean epoll) implements TransportChoice {
        @Override
        public Transport transport() {
            return Transport.TCP;
        }
    }

    /**
     * QUIC with its engine and knobs. Only what {@code gsnode run}'s QUIC flags can say is allowed,
     * so that the choice survives the command line ({@link QuicFlags#of}).
     */
    record Quic(QuicConfig config) implements TransportChoice {
        public Quic {
            Objects.requireNonNull(config, "config");
            QuicFlags.of(config); // refuses what the flags cannot carry
        }

        @Override
        public Transport transport() {
            return Transport.QUIC;
        }
    }

    /** The choice {@code transport} names: TCP on epoll or not, or QUIC with {@code quic}. */
    static TransportChoice of(Transport transport, boolean epoll, QuicConfig quic) {
        return switch (transport) {
            case TCP -> new Tcp(epoll);
            // Epoll is TCP's: a QUIC node has always ignored it.
            case QUIC -> new Quic(quic);
        };
    }
}
