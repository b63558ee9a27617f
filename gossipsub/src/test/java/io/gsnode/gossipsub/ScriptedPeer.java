package io.gsnode.gossipsub;

import io.gsnode.gossipsub.rpc.ControlMessage;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.Rpc;
import io.gsnode.gossipsub.rpc.RpcDecoder;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.rpc.SubOpts;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.libp2p.connection.Stream;
import io.gsnode.libp2p.connection.StreamHandler;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.framing.LengthPrefixed;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.peer.PeerId;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * A gossipsub peer scripted at the wire level (go's {@code newMockGS}), connected to a router
 * through {@link RouterFixture}'s stand-in host rather than a socket: it sends exactly the frames
 * a test writes and records every RPC the router sends it, decoded. It never forwards, answers or
 * deduplicates anything by itself. Test thread only.
 */
public final class ScriptedPeer {

    final PeerId id;
    final String protocol;
    private final PrivKey key;
    private final RouterFixture fixture;
    private final FakeConnection connection;
    /** The router's outbound stream: what the router writes lands in {@link #received}. */
    final FakeStream toPeer;
    /** Ours to the router, opened on the first send (and again after {@link #openNewStream()}). */
    private FakeStream fromPeer;
    private final List<FakeStream> opened = new ArrayList<>();
    private final List<Rpc> received = new ArrayList<>();
    private final List<CompletableFuture<Void>> stalledWrites = new ArrayList<>();
    private boolean stalled;

    ScriptedPeer(RouterFixture fixture, int index, Direction direction, String protocol) {
        this.fixture = fixture;
        this.key = Ed25519.fromIndex(index);
        this.id = PeerId.fromPubKey(key.publicKey());
        this.protocol = protocol;
        this.connection = new FakeConnection(direction);
        this.toPeer = new FakeStream(Direction.OUTBOUND, this::received);
    }

    public PeerId id() {
        return id;
    }

    Connection connection() {
        return connection;
    }

    // ---------------------------------------------------------------- sending

    /** Writes {@code rpc} as one frame and lets the router handle it. */
    public ScriptedPeer send(Rpc rpc) {
        ByteBuf frame = RpcEncoder.encodeFrame(UnpooledByteBufAllocator.DEFAULT, rpc);
        deliver(frame);
        return this;
    }

    /** Writes {@code bytes} as they are: bad frames, or several frames in one read. */
    /** The stream this peer's sends go out on; null before the first send. */
    FakeStream inboundStream() {
        return fromPeer;
    }

    ScriptedPeer sendRaw(byte[] bytes) {
        deliver(Unpooled.wrappedBuffer(bytes));
        return this;
    }

    /** Writes {@code bytes} as one read and leaves what the router queued unhandled (the loop does not run). */
    ScriptedPeer sendRawUnhandled(byte[] bytes) {
        hand(Unpooled.wrappedBuffer(bytes));
        return this;
    }

    public ScriptedPeer subscribe(String topic) {
        return send(new Rpc(List.of(SubOpts.subscribe(topic)), List.of(), null, null));
    }

    ScriptedPeer unsubscribe(String topic) {
        return send(new Rpc(List.of(SubOpts.unsubscribe(topic)), List.of(), null, null));
    }

    public ScriptedPeer control(ControlMessage control) {
        return send(Rpc.ofControl(control));
    }

    public ScriptedPeer publish(PubMessage message) {
        return send(Rpc.ofPublish(message));
    }

    /** An unsigned message of {@code data} on {@code topic}, as a relay forwards it. */
    public ScriptedPeer publish(String topic, byte[] data) {
        return publish(PubMessage.unsigned(topic, data));
    }

    /** Subscribes to {@code topic} and grafts the router into our mesh, in one RPC. */
    public ScriptedPeer join(String topic) {
        return send(new Rpc(List.of(SubOpts.subscribe(topic)), List.of(), ControlMessage.graft(topic), null));
    }

    /**
     * v1.3, in one RPC: the extensions control message advertising partial messages, a
     * subscription to {@code topic} that requests them, and a GRAFT.
     */
    public ScriptedPeer joinRequestingPartial(String topic) {
        return send(new Rpc(List.of(new SubOpts(true, topic, true, true)), List.of(),
                new ControlMessage(List.of(), List.of(), List.of(topic), List.of(), List.of(), new ControlMessage.Extensions(true)),
                null));
    }

    /** One partial-messages RPC; null parts are absent. */
    public ScriptedPeer partial(String topic, byte[] groupId, byte[] partialMessage, byte[] partsMetadata) {
        return send(new Rpc(List.of(), List.of(), null, new PartialMessage(topic, groupId, partialMessage, partsMetadata)));
    }

    public ScriptedPeer ihave(String topic, MessageId... ids) {
        return control(ControlMessage.ihave(topic, Arrays.stream(ids).map(MessageId::bytes).toList()));
    }

    public ScriptedPeer idontwant(MessageId... ids) {
        return control(ControlMessage.idontwant(Arrays.stream(ids).map(MessageId::bytes).toList()));
    }

    private void deliver(ByteBuf bytes) {
        hand(bytes);
        fixture.loop.runPending();
    }

    private void hand(ByteBuf bytes) {
        if (fromPeer == null) {
            fromPeer = new FakeStream(Direction.INBOUND, b -> {
                throw new AssertionError("the router wrote on a stream it only reads");
            });
            fromPeer.setProtocol(protocol);
            opened.add(fromPeer);
            fixture.host().handler(protocol).handle(fromPeer);
        }
        try {
            // Borrowed, as a transport lends it: the reader copies what it keeps.
            fromPeer.handler.onData(fromPeer, bytes);
        } finally {
            bytes.release();
        }
    }

    // ---------------------------------------------------------------- receiving

    /** From now on the router's writes stay in flight until {@link #unstall()}: a slow reader. */
    void stall() {
        stalled = true;
    }

    void unstall() {
        stalled = false;
        List<CompletableFuture<Void>> pending = new ArrayList<>(stalledWrites);
        stalledWrites.clear();
        for (CompletableFuture<Void> w : pending) w.complete(null);
    }

    /** Decodes what the router wrote; a stalled write holds its frame until it completes, as a transport's does. */
    private CompletableFuture<Void> received(ByteBuf frame) {
        ByteBuf view = frame.duplicate();
        byte[] body;
        while ((body = LengthPrefixed.read(view, Integer.MAX_VALUE)) != null) received.add(RpcDecoder.decode(body));
        if (!stalled) {
            frame.release();
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> w = new CompletableFuture<>();
        w.whenComplete((v, e) -> frame.release());
        stalledWrites.add(w);
        return w;
    }

    public List<Rpc> received() {
        return List.copyOf(received);
    }

    /** Every partial-messages part the router sent us, in order. */
    public List<PartialMessage> partials() {
        return received.stream().map(Rpc::partial).filter(Objects::nonNull).toList();
    }

    /** Whether the router advertised the partial-messages extension to us. */
    public boolean routerAdvertisedPartialMessages() {
        return received.stream().anyMatch(r -> r.control() != null && r.control().extensions() != null
                && r.control().extensions().partialMessages());
    }

    /** IWANT entries naming {@code id}. */
    public long iwants(MessageId id) {
        return count(r -> r.control() == null ? 0 : (int) r.control().iwant().stream()
                .flatMap(w -> w.messageIds().stream()).filter(raw -> Arrays.equals(raw, id.bytes())).count());
    }

    /** IHAVE entries naming {@code id}. */
    public long ihaves(MessageId id) {
        return ihavesNaming(id).size();
    }

    /** Whether every IHAVE naming {@code id} named it alone. */
    public boolean ihavesOfAreSingleId(MessageId id) {
        return ihavesNaming(id).stream().allMatch(h -> h.messageIds().size() == 1);
    }

    /** Messages pushed or served to us whose data is {@code data}. */
    public long messages(byte[] data) {
        return publishes(m -> Arrays.equals(m.data(), data));
    }

    private List<ControlMessage.IHave> ihavesNaming(MessageId id) {
        return received.stream().filter(r -> r.control() != null).flatMap(r -> r.control().ihave().stream())
                .filter(h -> h.messageIds().stream().anyMatch(raw -> Arrays.equals(raw, id.bytes()))).toList();
    }

    void clearReceived() {
        received.clear();
    }

    long count(ToIntFunction<Rpc> f) {
        return received.stream().mapToLong(f::applyAsInt).sum();
    }

    long controls(Function<ControlMessage, List<?>> part) {
        return count(r -> r.control() == null ? 0 : part.apply(r.control()).size());
    }

    long iwantIds() {
        return count(r -> r.control() == null ? 0
                : r.control().iwant().stream().mapToInt(w -> w.messageIds().size()).sum());
    }

    long ihaveIds() {
        return count(r -> r.control() == null ? 0
                : r.control().ihave().stream().mapToInt(h -> h.messageIds().size()).sum());
    }

    long grafts(String topic) {
        return count(r -> r.control() == null ? 0 : (int) r.control().graft().stream().filter(topic::equals).count());
    }

    List<ControlMessage.Prune> prunes() {
        List<ControlMessage.Prune> out = new ArrayList<>();
        for (Rpc r : received) {
            if (r.control() != null) out.addAll(r.control().prune());
        }
        return out;
    }

    long publishes(Predicate<PubMessage> which) {
        return count(r -> (int) r.publish().stream().filter(which).count());
    }

    boolean closed() {
        return connection.closed.isDone();
    }

    boolean inboundReset() {
        return fromPeer != null && fromPeer.reset;
    }

    /** The next send opens another stream to the router, as a peer may. */
    ScriptedPeer openNewStream() {
        fromPeer = null;
        return this;
    }

    /** Every stream this peer opened to the router, oldest first. */
    List<FakeStream> openedStreams() {
        return List.copyOf(opened);
    }

    // ---------------------------------------------------------------- the stand-in transport

    final class FakeConnection implements Connection {
        private final Direction direction;
        final CompletableFuture<Void> closed = new CompletableFuture<>();

        FakeConnection(Direction direction) {
            this.direction = direction;
        }

        @Override public PeerId remotePeer() { return id; }
        @Override public PubKey remotePublicKey() { return key.publicKey(); }
        @Override public Multiaddr remoteAddr() { return null; }
        @Override public Multiaddr localAddr() { return null; }
        @Override public Direction direction() { return direction; }
        @Override public String security() { return "scripted"; }
        @Override public String muxer() { return "scripted"; }
        @Override public boolean authenticated() { return true; }

        @Override
        public CompletableFuture<Stream> openStream() {
            return CompletableFuture.failedFuture(new UnsupportedOperationException("scripted peer"));
        }

        @Override public void setInboundStreamAcceptor(Consumer<Stream> acceptor) {}

        @Override
        public CompletableFuture<Void> close() {
            if (closed.complete(null)) fixture.host().disconnected(this);
            return closed;
        }

        @Override public CompletableFuture<Void> closeFuture() { return closed; }
        @Override public EventExecutor executor() { return ImmediateEventExecutor.INSTANCE; }
    }

    final class FakeStream implements Stream {
        private final Direction direction;
        private final Function<ByteBuf, CompletableFuture<Void>> sink;
        private String protocol;
        StreamHandler handler;
        boolean reset;

        FakeStream(Direction direction, Function<ByteBuf, CompletableFuture<Void>> sink) {
            this.direction = direction;
            this.sink = sink;
        }

        @Override public Connection connection() { return connection; }
        @Override public Direction direction() { return direction; }
        @Override public String protocol() { return protocol; }
        @Override public void setProtocol(String protocol) { this.protocol = protocol; }
        @Override public void setHandler(StreamHandler handler) { this.handler = handler; }
        @Override public CompletableFuture<Void> write(ByteBuf data) { return sink.apply(data); }
        @Override public void closeWrite() {}
        @Override public void reset() { reset = true; }
        @Override public void unread(ByteBuf data) { data.release(); }
        /** Pause and resume requests; the fake delivers what the test sends regardless. */
        int pauses;
        int resumes;
        @Override public void pauseReading() { pauses++; }
        @Override public void resumeReading() { resumes++; }
        @Override public EventExecutor executor() { return ImmediateEventExecutor.INSTANCE; }
    }
}
