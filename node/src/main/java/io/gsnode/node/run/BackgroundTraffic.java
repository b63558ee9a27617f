package io.gsnode.node.run;

import io.gsnode.gossipsub.GossipRouter;
import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.policy.MessageValidator;
import io.gsnode.gossipsub.policy.ValidationResult;
import io.gsnode.gossipsub.rpc.PubMessage;
import io.gsnode.gossipsub.rpc.RpcEncoder;
import io.gsnode.gossipsub.trace.RouterTracer;
import io.gsnode.gossipsub.trace.RpcParts;
import io.gsnode.libp2p.peer.PeerId;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * One node's side of the background load: it publishes the node's share ({@link #start}), lets
 * background messages past the arm's validator, and counts them apart from the arm's messages, so
 * the record can say what the background cost and keep it out of the measured payload's numbers.
 *
 * <p>Messages are told apart by topic and header ({@link BackgroundLoad#carries}); deliveries and
 * duplicates by id, remembered when the validator first sees a background message. Data bytes are
 * split here, by publish entry; control bytes (IHAVE, IWANT, IDONTWANT of background ids) and
 * socket bytes cannot be, and stay in the node's totals (docs/conditions.md §3).
 */
final class BackgroundTraffic implements RouterTracer {

    /** Cumulative counts at an instant. */
    record Counts(long published, long delivered, long duplicates, long rxData, long txData) {
        static final Counts ZERO = new Counts(0, 0, 0, 0, 0);

        Counts minus(Counts earlier) {
            return new Counts(published - earlier.published, delivered - earlier.delivered, duplicates - earlier.duplicates,
                    rxData - earlier.rxData, txData - earlier.txData);
        }
    }

    private final BackgroundLoad load;
    private final String topic;
    private final int index;
    private final Set<MessageId> ids = ConcurrentHashMap.newKeySet();
    private final LongAdder published = new LongAdder(), delivered = new LongAdder(), duplicates = new LongAdder(),
            rxData = new LongAdder(), txData = new LongAdder();
    private final LongAdder refused = new LongAdder();

    BackgroundTraffic(BackgroundLoad load, String topic, int index) {
        this.load = load;
        this.topic = topic;
        this.index = index;
    }

    String topic() {
        return topic;
    }

    int index() {
        return index;
    }

    BackgroundLoad load() {
        return load;
    }

    private boolean background(PubMessage m) {
        return topic.equals(m.topic()) && (!load.sameTopic() || load.carries(m.data()));
    }

    /**
     * {@code arm}'s validator with background messages let through: a well-formed one is accepted
     * and its id remembered; anything else on the background topic is rejected, and everything
     * else goes to the arm's validator as before.
     */
    MessageValidator around(MessageValidator arm) {
        return (from, id, message) -> {
            if (!topic.equals(message.topic())) return arm.validate(from, id, message);
            if (load.carries(message.data())) {
                ids.add(id);
                return ValidationResult.ACCEPT;
            }
            if (!load.sameTopic()) {
                refused.increment();
                return ValidationResult.REJECT;
            }
            return arm.validate(from, id, message);
        };
    }

    /**
     * Publishes this node's background messages every interval from {@code fromEpochMs} until
     * {@code endEpochMs}, on {@code scheduler}; does nothing on a node that does not send.
     */
    void start(GossipRouter router, ScheduledExecutorService scheduler, long fromEpochMs, long endEpochMs) {
        if (!load.sends(index)) return;
        long delay = Math.max(0, fromEpochMs - System.currentTimeMillis());
        scheduler.scheduleAtFixedRate(() -> {
            if (System.currentTimeMillis() >= endEpochMs) return;
            long seq = published.sum();
            published.increment();
            // Our own message's id too, so that copies coming back count as background duplicates;
            // the router completes the publish on its thread, before it reads any later RPC.
            router.publish(topic, load.message(index, seq)).thenAccept(r -> ids.add(r.id()));
        }, delay, load.intervalMs(), TimeUnit.MILLISECONDS);
    }

    Counts counts() {
        return new Counts(published.sum(), delivered.sum(), duplicates.sum(), rxData.sum(), txData.sum());
    }

    /** Malformed messages refused on the background topic. */
    long refused() {
        return refused.sum();
    }

    @Override
    public void rpcSent(PeerId to, RpcParts parts) {
        for (PubMessage m : parts.messages()) {
            if (background(m)) txData.add(RpcEncoder.publishEntrySize(m));
        }
    }

    @Override
    public void rpcReceived(PeerId from, RpcParts parts) {
        for (PubMessage m : parts.messages()) {
            if (background(m)) rxData.add(RpcEncoder.publishEntrySize(m));
        }
    }

    @Override
    public void delivered(PeerId from, MessageId id, String topic, int dataBytes) {
        if (ids.contains(id)) delivered.increment();
    }

    @Override
    public void duplicate(PeerId from, MessageId id, String topic) {
        if (ids.contains(id)) duplicates.increment();
    }
}
