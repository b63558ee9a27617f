package io.gsnode.segmentation.partial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.RouterFixture;
import io.gsnode.gossipsub.ScriptedPeer;
import io.gsnode.gossipsub.TopicOptions;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.SegmentCodec;
import io.gsnode.segmentation.codec.SegmentGroup;
import io.gsnode.segmentation.testnet.TestHosts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 43 #10: holders that advertise every part and serve none. Half of a receiver's eight
 * holders lie; the other half serve each claim at once. Reassembly is timed on the router's manual
 * clock over twenty peer orders, and compared with the same receiver among honest holders only.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LyingHoldersTest {

    private static final String TOPIC = "b-envelope";
    private static final int K = 32, UNIT = 1024;
    private static final Duration STEP = Duration.ofMillis(10);
    /** Knobs at their defaults: no per-peer cap, strikes off, the fixed 400 ms claim timeout. */
    private static final BroadcasterConfig PLAIN = new BroadcasterConfig(2, 0, 0, BroadcasterConfig.DEFAULT_STRIKE_TTL, false, true, 0,
            BroadcasterConfig.DEFAULT_REQUEST_TIMEOUT, BroadcasterConfig.DEFAULT_RETRY_INTERVAL, 0);
    /** B tuned (bfixed): 4 claims per peer per pass, strike cap 1 for 30 s, the adaptive timeout. */
    private static final BroadcasterConfig TUNED = new BroadcasterConfig(2, 4, 1, BroadcasterConfig.DEFAULT_STRIKE_TTL, true, true, 0,
            BroadcasterConfig.DEFAULT_REQUEST_TIMEOUT, BroadcasterConfig.DEFAULT_RETRY_INTERVAL, 0);

    private final byte[] payload = PayloadGenerator.mainnetLike(K * UNIT - 100, PayloadGenerator.MEASURED_SEED);
    private final SegmentGroup group = SegmentCodec.plain(payload, UNIT);

    /**
     * Before: plain B (strikes off) took 410-2,010 ms with 4 liars of 8 (p90 2,010; 10 ms without),
     * as a liar that had let claims lapse was asked again, pass after pass. Now it is asked after
     * every other holder: each further round needs a liar not asked yet to come first, p90 two
     * claim timeouts, the worst three. B tuned charges strikes as the reference does, at an index's
     * next claim, so a liar not yet charged can take a second round of claims: two claim timeouts at
     * most (its measured worst, 810 ms, is unchanged by this).
     */
    @Test
    void liarsCostAFewClaimTimeoutsNotAnUnboundedRun() throws InterruptedException {
        long timeout = BroadcasterConfig.DEFAULT_REQUEST_TIMEOUT.toMillis();
        long slack = 2 * BroadcasterConfig.DEFAULT_RETRY_INTERVAL.toMillis();
        List<String> failures = new ArrayList<>();
        for (BroadcasterConfig config : List.of(PLAIN, TUNED)) {
            List<Long> honest = new ArrayList<>();
            List<Long> lied = new ArrayList<>();
            for (int seed = 1; seed <= 20; seed++) {
                honest.add(reassemblyMillis(config, seed, 0));
                lied.add(reassemblyMillis(config, seed, 4));
            }
            long worstHonest = honest.stream().max(Long::compare).orElseThrow();
            List<Long> sorted = lied.stream().sorted().toList();
            long p90 = sorted.get(17);
            long worst = sorted.get(19);
            boolean ok = config == PLAIN
                    ? p90 <= worstHonest + 2 * timeout + slack && worst <= worstHonest + 3 * timeout + slack
                    : worst <= worstHonest + 2 * timeout + slack;
            String what = (config == PLAIN ? "plain B" : "B tuned") + ": honest " + honest + ", 4 liars of 8 " + lied;
            System.out.println(what);
            if (!ok) failures.add(what);
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** Simulated milliseconds from the holders' first metadata until every segment is held. */
    private long reassemblyMillis(BroadcasterConfig config, long seed, int liars) throws InterruptedException {
        AtomicReference<byte[]> rebuilt = new AtomicReference<>();
        PartialBroadcaster broadcaster = new PartialBroadcaster(config, TOPIC, List.of(group.groupId()), seed,
                (g, at, message) -> rebuilt.set(message));
        GossipConfig gossip = RouterFixture.config().heartbeatInterval(Duration.ofMillis(100)).build();
        try (RouterFixture router = new RouterFixture(gossip, b -> b.extension(broadcaster.extension()))) {
            router.subscribe(TOPIC, TopicOptions.REQUEST_PARTIAL, d -> {});
            List<ScriptedPeer> holders = new ArrayList<>();
            for (int i = 0; i < 8; i++) holders.add(router.connect(Direction.INBOUND, RouterFixture.V1_3).joinRequestingPartial(TOPIC));
            BitSet everything = new BitSet();
            everything.set(0, K);
            byte[] metadata = new PartsMetadata(K, K, everything, new BitSet()).encode();
            for (ScriptedPeer h : holders) h.partial(TOPIC, group.groupId(), null, metadata);
            Map<ScriptedPeer, int[]> seen = new HashMap<>();
            for (long ms = 0; ms <= 10_000; ms += STEP.toMillis()) {
                if (broadcaster.counters().get("received") >= K) {
                    // Every segment is held: the group is rebuilt off the router's thread, in real time.
                    TestHosts.await("the group is rebuilt", () -> rebuilt.get() != null);
                    assertArrayEquals(payload, rebuilt.get());
                    return ms;
                }
                for (ScriptedPeer h : holders.subList(liars, holders.size())) serveClaims(h, seen.computeIfAbsent(h, x -> new int[1]));
                router.advance(STEP);
            }
            throw new AssertionError("not rebuilt within 10 s with " + liars + " liars (seed " + seed + ")");
        }
    }

    /** An honest holder serves what each metadata it was sent since the last step asks for. */
    private void serveClaims(ScriptedPeer holder, int[] seen) {
        List<PartialMessage> got = holder.partials();
        BitSet asked = new BitSet();
        for (PartialMessage m : got.subList(seen[0], got.size())) {
            if (m.partsMetadata() == null) continue;
            try {
                asked.or(PartsMetadata.decode(m.partsMetadata()).requests());
            } catch (PartialFormatException e) {
                throw new AssertionError(e);
            }
        }
        seen[0] = got.size();
        if (asked.isEmpty()) return;
        List<byte[]> segments = new ArrayList<>();
        for (int i = asked.nextSetBit(0); i >= 0; i = asked.nextSetBit(i + 1)) segments.add(group.messages().get(i).encode());
        holder.partial(TOPIC, group.groupId(), PartialMessageCodec.encode(segments, true), null);
    }
}
