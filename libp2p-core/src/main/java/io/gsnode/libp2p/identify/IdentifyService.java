package io.gsnode.libp2p.identify;

import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.framing.LengthPrefixed;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.multistream.StreamNegotiator;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers identify requests and identifies every new connection's remote.
 *
 * <p>The remote's key must match its peer ID. On a connection whose security handshake already
 * authenticated the peer, a mismatch is a lie and closes the connection. On one it did not
 * authenticate (an inbound QUIC connection from an engine without client certificates), identify
 * is the only source of the key; the listener is told, and the connection stays marked as not
 * authenticated.
 */
public final class IdentifyService implements HostListener {

    public static final String PROTOCOL = "/ipfs/id/1.0.0";
    /** js caps identify at 8 KiB; a little slack for peers listing many addresses. */
    static final int MAX_MESSAGE_BYTES = 64 * 1024;

    private static final Logger log = LoggerFactory.getLogger(IdentifyService.class);

    private final Host host;
    private final String agentVersion;
    private final List<IdentifyListener> listeners = new CopyOnWriteArrayList<>();

    public IdentifyService(Host host, String agentVersion) {
        this.host = host;
        this.agentVersion = agentVersion;
        host.setProtocolHandlerBeforeAdmission(PROTOCOL, this::respond);
        host.addListener(this);
    }

    public void addListener(IdentifyListener listener) {
        listeners.add(listener);
    }

    /** What this host tells a remote on {@code connection}. */
    public IdentifyMessage ownMessage(Connection connection) {
        return new IdentifyMessage(IdentifyMessage.PROTOCOL_VERSION, agentVersion, host.identity().publicKey(),
                host.listenAddrs(), connection.remoteAddr(), host.protocols());
    }

    @Override
    public void onConnected(Connection connection) {
        identify(connection).whenComplete((message, error) -> {
            if (error != null) {
                log.debug("identify of {} failed: {}", connection.remotePeer(), error.getMessage());
            }
        });
    }

    /** Asks the remote of {@code connection} who it is, checks the answer and tells the listeners. */
    public CompletableFuture<IdentifyMessage> identify(Connection connection) {
        return query(connection).thenApply(message -> {
            check(connection, message);
            for (IdentifyListener l : listeners) l.onIdentified(connection, message);
            return message;
        });
    }

    /**
     * Asks the remote of {@code connection} who it is, without any check. Transports use it on a
     * connection that no host holds yet: an inbound QUIC connection whose TLS did not identify the dialer.
     */
    public static CompletableFuture<IdentifyMessage> query(Connection connection) {
        return connection.openStream()
                .thenCompose(stream -> StreamNegotiator.initiate(stream, List.of(PROTOCOL), StreamNegotiator.DEFAULT_TIMEOUT))
                .thenCompose(stream -> {
                    CompletableFuture<IdentifyMessage> result = new CompletableFuture<>();
                    stream.setHandler(new Reader(result));
                    stream.closeWrite();
                    return result;
                });
    }

    private void check(Connection connection, IdentifyMessage message) {
        PeerId claimed = message.publicKey() == null ? null : PeerId.fromPubKey(message.publicKey());
        if (!connection.remotePeer().equals(claimed)) {
            IdentifyMismatch e = new IdentifyMismatch(connection.remotePeer(), claimed);
            host.onFailure(FailureKind.SECURITY, connection.remoteAddr().toString(), e);
            connection.close();
            throw e;
        }
    }

    private void respond(Stream stream) {
        stream.write(LengthPrefixed.encode(ByteBufAllocator.DEFAULT, ownMessage(stream.connection()).encode()));
        stream.closeWrite();
        // Nothing is expected from the requester; drain and ignore what it may send.
        stream.setHandler((s, data) -> {});
    }

    /** Reads one length-prefixed identify message, then expects EOF. */
    private static final class Reader implements StreamHandler {
        private final CompletableFuture<IdentifyMessage> result;
        private final ByteBuf buffer = ByteBufAllocator.DEFAULT.buffer(1024);

        Reader(CompletableFuture<IdentifyMessage> result) {
            this.result = result;
        }

        @Override
        public void onData(Stream stream, ByteBuf data) {
            if (result.isDone()) return;
            buffer.writeBytes(data);
            try {
                byte[] message = LengthPrefixed.read(buffer, MAX_MESSAGE_BYTES);
                if (message != null) {
                    buffer.release();
                    result.complete(IdentifyMessage.decode(message));
                }
            } catch (IllegalArgumentException e) {
                buffer.release();
                result.completeExceptionally(e);
                stream.reset();
            }
        }

        @Override
        public void onRemoteClose(Stream stream) {
            if (!result.isDone()) {
                buffer.release();
                result.completeExceptionally(new IllegalStateException("identify stream closed before a full message"));
            }
        }

        @Override
        public void onReset(Stream stream, Throwable cause) {
            if (!result.isDone()) {
                buffer.release();
                result.completeExceptionally(cause);
            }
        }
    }
}
