package io.gsnode.gossipsub;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.host.ProtocolHandler;
import io.gsnode.libp2p.peer.PeerId;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The part of a {@link Host} the router uses to reach peers: the seam where tests put scripted
 * peers in place of sockets. Everything else about a peer goes through its {@link Connection} and
 * {@link Stream}, which are interfaces already.
 */
interface RouterHost {

    PeerId peerId();

    PrivKey identity();

    void setProtocolHandler(String protocol, ProtocolHandler handler);

    void addListener(HostListener listener);

    List<Connection> connections();

    CompletableFuture<Stream> newStream(Connection connection, String... protocols);

    static RouterHost of(Host host) {
        return new RouterHost() {
            @Override
            public PeerId peerId() {
                return host.peerId();
            }

            @Override
            public PrivKey identity() {
                return host.identity();
            }

            @Override
            public void setProtocolHandler(String protocol, ProtocolHandler handler) {
                host.setProtocolHandler(protocol, handler);
            }

            @Override
            public void addListener(HostListener listener) {
                host.addListener(listener);
            }

            @Override
            public List<Connection> connections() {
                return host.connections();
            }

            @Override
            public CompletableFuture<Stream> newStream(Connection connection, String... protocols) {
                return host.newStream(connection, protocols);
            }
        };
    }
}
