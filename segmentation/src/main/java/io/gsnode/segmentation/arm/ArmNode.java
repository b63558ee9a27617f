package io.gsnode.segmentation.arm;

import io.gsnode.formats.wire.WireForm;
import io.gsnode.gossipsub.Delivery;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.GossipRouter;
import java.util.List;
import java.util.Map;

/**
 * An arm running on one node. The daemon calls, in order: {@link #config} and {@link #install}
 * while it builds the router, {@link #topics} to subscribe, {@link #publish} on the publisher at
 * the warm-up instant (a warm cell, {@link ArmContext#warmup()}) and at the publish instant, and
 * {@link #onDelivery} for each message on the arm's topics (on the router thread).
 * {@link #completed()} and {@link #extras()} may be read from any thread; both are about the
 * measured payload.
 *
 * <p>One instance serves one router: {@link #install} gives that router this node's policy
 * instances, which hold per-router state.
 */
public interface ArmNode {

    /** The router parameters this arm runs with, from the cell's base configuration. */
    GossipConfig config(GossipConfig base);

    /** Installs the arm's message-id function, policies, gate and validator. */
    void install(GossipRouter.Builder router);

    /** The topics the node subscribes to. */
    List<String> topics();

    /**
     * The publisher's batch of {@code diffusion}'s payload, in publish order (docs/arms.md §5.4).
     * Empty on other nodes; refused for a payload the node does not carry.
     */
    List<GossipRouter.Outgoing> publications(Diffusion diffusion);

    /** Told, once per payload, the {@link System#nanoTime()} instant this node completed it. */
    @FunctionalInterface
    interface Completions {
        void completed(Diffusion diffusion, long nanos);
    }

    /**
     * Joins the arm's topics on the started {@code router}; {@code completed} is told, once per
     * payload the node carries, the instant this node completed it. Variants A and C complete on a
     * delivery ({@link #onDelivery}); variant B when its broadcaster has rebuilt the group.
     */
    default void join(GossipRouter router, Completions completed) {
        for (String topic : topics()) {
            router.subscribe(topic, d -> {
                Diffusion done = onDelivery(d);
                if (done != null) completed.completed(done, d.arrivedNanos());
            }).join();
        }
    }

    /** On the publisher: publishes {@code diffusion}'s messages; returns how many. */
    default int publish(GossipRouter router, Diffusion diffusion) {
        List<GossipRouter.Outgoing> batch = publications(diffusion);
        if (!batch.isEmpty()) router.publishBatch(batch).join();
        return batch.size();
    }

    /**
     * Distinct messages held, for the 100 ms snapshots, given what the router delivered so far:
     * variants A and C count deliveries; variant B, whose segments never reach the router as
     * messages, counts its verified segments.
     */
    default long distinct(long routerDeliveries) {
        return routerDeliveries;
    }

    /**
     * A message arrived on one of {@link #topics()}; returns the payload it completed on this node,
     * or null when it completed none.
     */
    Diffusion onDelivery(Delivery delivery);

    /** Whether this node completed the measured payload. */
    boolean completed();

    /** The arm's wire form at this payload size: msgs, need, unit, total, id bytes. */
    WireForm wireForm();

    /** The knobs this node runs with (effective values, for the record). */
    ArmKnobs knobs();

    /**
     * Arm-specific counters for the record, the same keys on every A and C arm: {@code distinct}
     * (messages held), {@code declined} (stop-pull), {@code discipline_refusals},
     * {@code offer_retries}, {@code promises_broken}, {@code peers_parked},
     * {@code ihave_ignored_parked}, {@code phase_plans}, {@code phase_push_slots},
     * {@code phase_ihave_slots}. Readable from any thread.
     */
    Map<String, Object> extras();
}
