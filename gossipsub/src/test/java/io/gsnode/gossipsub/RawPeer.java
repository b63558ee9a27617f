package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcDecoder;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.framing.LengthPrefixed;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A peer that speaks meshsub by hand: it writes whatever frames a test gives it and records the
 * RPCs the router sends back. For bad-input tests.
 */
final class RawPeer implements AutoCloseable {

    final Host host;
    final List<Rpc> received = new CopyOnWriteArrayList<>();
    Connection connection;
    Stream out;

    RawPeer(int index) {
        host = new Host(Ed25519.fromIndex(index), ConnectionLimits.DEFAULT,
                List.of(ctx -> new TcpTransport(ctx, TcpConfig.DEFAULT.withIoThreads(1))));
        host.setProtocolHandler("/meshsub/1.2.0", stream -> stream.setHandler(new StreamHandler() {
            private ByteBuf pending = Unpooled.buffer();

            @Override
            public void onData(Stream s, ByteBuf data) {
                pending.writeBytes(data);
                byte[] frame;
                while ((frame = LengthPrefixed.read(pending, Integer.MAX_VALUE)) != null) {
                    received.add(RpcDecoder.decode(frame));
                }
                pending.discardReadBytes();
            }
        }));
    }

    RawPeer connect(Multiaddr router) throws Exception {
        connection = host.dial(router).get(10, TimeUnit.SECONDS);
        out = host.newStream(connection, "/meshsub/1.2.0").get(10, TimeUnit.SECONDS);
        return this;
    }

    void send(Rpc rpc) {
        out.write(RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, rpc));
    }

    void sendRaw(byte[] bytes) {
        out.write(Unpooled.wrappedBuffer(bytes));
    }

    boolean closed() {
        return connection.closeFuture().isDone();
    }

    long count(java.util.function.ToIntFunction<Rpc> f) {
        return received.stream().mapToLong(f::applyAsInt).sum();
    }

    @Override
    public void close() {
        host.close().orTimeout(5, TimeUnit.SECONDS).exceptionally(e -> null).join();
    }
}
