package io.gsnode.segmentation.testnet;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.rpc.ControlMessage.IDontWant;
import io.gsnode.gossipsub.rpc.ControlMessage.IHave;
import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcDecoder;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.framing.LengthPrefixed;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A gossipsub peer scripted at the wire level (go's {@code newMockGS}): it speaks
 * {@code /meshsub/1.2.0} by hand, sends exactly the RPCs a test writes, and records every RPC the
 * router sends it. It never forwards, answers or deduplicates anything by itself.
 */
public final class ScriptedPeer implements AutoCloseable {

    public static final String PROTOCOL = "/meshsub/1.2.0";
    /** v1.3: the extensions control message and partial messages. */
    public static final String PROTOCOL_1_3 = "/meshsub/1.3.0";

    private final Host host;
    private final List<Rpc> received = new CopyOnWriteArrayList<>();
    private final String protocol;
    private Stream out;

    public ScriptedPeer(int index) {
        this(index, PROTOCOL);
    }

    /** A peer that speaks only {@code protocol}. */
    public ScriptedPeer(int index, String protocol) {
        this.protocol = protocol;
        host = TestHosts.tcpHost(index);
        host.setProtocolHandler(protocol, stream -> stream.setHandler(new StreamHandler() {
            private final ByteBuf pending = Unpooled.buffer();

            @Override
            public void onData(Stream s, ByteBuf data) {
                // Borrowed: the stream releases data after this call.
                pending.writeBytes(data);
                byte[] frame;
                while ((frame = LengthPrefixed.read(pending, Integer.MAX_VALUE)) != null) {
                    received.add(RpcDecoder.decode(frame));
                }
                pending.discardReadBytes();
            }

            @Override
            public void onRemoteClose(Stream s) {
                if (pending.refCnt() > 0) pending.release();
            }

            @Override
            public void onReset(Stream s, Throwable cause) {
                if (pending.refCnt() > 0) pending.release();
            }
        }));
    }

    public PeerId id() {
        return host.peerId();
    }

    /** Dials the router and opens our outbound meshsub stream. */
    public ScriptedPeer connect(Multiaddr router) throws Exception {
        Connection connection = host.dial(router).get(10, TimeUnit.SECONDS);
        out = host.newStream(connection, protocol).get(10, TimeUnit.SECONDS);
        return this;
    }

    public void send(Rpc rpc) {
        out.write(RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, rpc));
    }

    /** Subscribes to {@code topic} and grafts the router into our mesh, in one RPC. */
    public void join(String topic) {
        send(new Rpc(List.of(SubOpts.subscribe(topic)), List.of(),
                new ControlMessage(List.of(), List.of(), List.of(topic), List.of(), List.of(), null), null));
    }

    /**
     * v1.3, as our first RPC: the extensions control message advertising partial messages, a
     * subscription to {@code topic} that requests partial messages, and a GRAFT.
     */
    public void joinRequestingPartial(String topic) {
        send(new Rpc(List.of(new SubOpts(true, topic, true, true)), List.of(),
                new ControlMessage(List.of(), List.of(), List.of(topic), List.of(), List.of(), new ControlMessage.Extensions(true)),
                null));
    }

    /** One partial-messages RPC; null parts are absent. */
    public void partial(String topic, byte[] groupId, byte[] partialMessage, byte[] partsMetadata) {
        send(new Rpc(List.of(), List.of(), null, new PartialMessage(topic, groupId, partialMessage, partsMetadata)));
    }

    /** Every partial-messages part the router sent us, in order. */
    public List<PartialMessage> partials() {
        return received.stream().map(Rpc::partial).filter(Objects::nonNull).toList();
    }

    /** Whether the router's first RPC advertised the partial-messages extension. */
    public boolean routerAdvertisedPartialMessages() {
        return received.stream().anyMatch(r -> r.control() != null && r.control().extensions() != null
                && r.control().extensions().partialMessages());
    }

    public void ihave(String topic, MessageId... ids) {
        List<byte[]> raw = Arrays.stream(ids).map(MessageId::bytes).toList();
        send(Rpc.ofControl(new ControlMessage(List.of(new IHave(topic, raw)), List.of(), List.of(), List.of(), List.of(), null)));
    }

    public void idontwant(MessageId... ids) {
        List<byte[]> raw = Arrays.stream(ids).map(MessageId::bytes).toList();
        send(Rpc.ofControl(new ControlMessage(List.of(), List.of(), List.of(), List.of(), List.of(new IDontWant(raw)), null)));
    }

    public void publish(String topic, byte[] data) {
        send(Rpc.ofPublish(PubMessage.unsigned(topic, data)));
    }

    /** Whether the router has opened its stream to us (its first RPC carries its subscriptions). */
    public boolean heardFromRouter() {
        return !received.isEmpty();
    }

    /** IWANT entries naming {@code id}. */
    public long iwants(MessageId id) {
        return received.stream().filter(r -> r.control() != null)
                .flatMap(r -> r.control().iwant().stream())
                .flatMap(w -> w.messageIds().stream())
                .filter(raw -> Arrays.equals(raw, id.bytes())).count();
    }

    /** IHAVE entries naming {@code id}. */
    public long ihaves(MessageId id) {
        return ihaveEntries(id).count();
    }

    /** Whether every IHAVE naming {@code id} named it alone (phase forwarding's immediate IHAVEs). */
    public boolean ihavesOfAreSingleId(MessageId id) {
        return ihaveEntries(id).allMatch(h -> h.messageIds().size() == 1);
    }

    /** Messages pushed or served to us whose data is {@code data}. */
    public long messages(byte[] data) {
        return received.stream().flatMap(r -> r.publish().stream()).filter(m -> Arrays.equals(m.data(), data)).count();
    }

    /**
     * A barrier: announces a fresh id and waits for the router to ask for it. The router handles
     * our RPCs in order on one thread and its queue to us is FIFO, so afterwards every RPC we sent
     * before has been handled, and everything it queued for us by then has arrived.
     */
    public void sync(String topic, MessageId fresh) throws InterruptedException {
        ihave(topic, fresh);
        TestHosts.await(id() + " asked for barrier " + fresh, () -> iwants(fresh) > 0);
    }

    private java.util.stream.Stream<IHave> ihaveEntries(MessageId id) {
        return received.stream().filter(r -> r.control() != null)
                .flatMap(r -> r.control().ihave().stream())
                .filter(h -> h.messageIds().stream().anyMatch(raw -> Arrays.equals(raw, id.bytes())));
    }

    @Override
    public void close() {
        TestHosts.close(host);
    }
}
