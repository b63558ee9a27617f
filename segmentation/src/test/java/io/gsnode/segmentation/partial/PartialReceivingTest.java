package io.gsnode.segmentation.partial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.RouterFixture;
import io.gsnode.gossipsub.ScriptedPeer;
import io.gsnode.gossipsub.TopicOptions;
import io.gsnode.gossipsub.rpc.PartialMessage;
import io.gsnode.libp2p.connection.Direction;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.codec.SegmentCodec;
import io.gsnode.segmentation.codec.SegmentGroup;
import io.gsnode.segmentation.codec.SnappyBlock;
import io.gsnode.segmentation.testnet.TestHosts;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Receiving (docs/arms.md §8.6) on a router running the broadcaster, on a manual loop and clock,
 * fed by a peer scripted at the wire level over {@code /meshsub/1.3.0}: a coded group rebuilt when only parity arrives for
 * some indices, and a peer whose metadata changes its count refused and counted.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PartialReceivingTest {

    private static final String TOPIC = "b-envelope";
    private static final int K = 4, PARITY = 4, UNIT = 1024;
    // Coded B's knobs (docs/arms.md §7) with a 100 ms retry: push 2, claims 4 per peer, one segment per RPC.
    private static final BroadcasterConfig CODED_B = new BroadcasterConfig(2, 4, 1, Duration.ofSeconds(30), true, true, 1,
            BroadcasterConfig.DEFAULT_REQUEST_TIMEOUT, BroadcasterConfig.DEFAULT_RETRY_INTERVAL, 0);

    private final byte[] payload = PayloadGenerator.mainnetLike(K * UNIT - 100, PayloadGenerator.MEASURED_SEED);
    private final SegmentGroup group = SegmentCodec.coded(payload, UNIT, PARITY);
    private final AtomicReference<byte[]> rebuilt = new AtomicReference<>();
    private PartialBroadcaster broadcaster;
    private RouterFixture router;
    private ScriptedPeer peer;

    @BeforeEach
    void start() {
        broadcaster = new PartialBroadcaster(CODED_B, TOPIC, List.of(group.groupId()), 7, (g, at, message) -> rebuilt.set(message));
        GossipConfig config = RouterFixture.config().heartbeatInterval(Duration.ofMillis(100)).build();
        router = new RouterFixture(config, b -> b.extension(broadcaster.extension()));
        router.subscribe(TOPIC, TopicOptions.REQUEST_PARTIAL, d -> {});
        peer = router.connect(Direction.INBOUND, RouterFixture.V1_3).joinRequestingPartial(TOPIC);
        assertTrue(peer.routerAdvertisedPartialMessages(), "the router's first RPC advertised the extension");
    }

    @AfterEach
    void stop() {
        router.close();
    }

    @Test
    void aCodedGroupIsRecoveredWhenOnlyParityArrivesForSomeIndices() throws Exception {
        // The peer holds systematic 0 and 1 and all parity, never 2 and 3: whatever 4 indices the
        // broadcaster claims, at least two are parity, and the missing systematic data comes from RS.
        BitSet available = new BitSet();
        for (int i : new int[] {0, 1, 4, 5, 6, 7}) available.set(i);
        peer.partial(TOPIC, group.groupId(), null, new PartsMetadata(K + PARITY, K, available, new BitSet()).encode());

        router.advance(Duration.ofMillis(100));
        assertEquals(K, lastRequests().cardinality(), "the broadcaster claims 4 indices from the peer");
        BitSet claimed = lastRequests();
        assertTrue(claimed.stream().allMatch(available::get),
                "claims only what the peer holds: " + claimed);
        List<byte[]> served = new ArrayList<>();
        for (int i = claimed.nextSetBit(0); i >= 0; i = claimed.nextSetBit(i + 1)) served.add(group.messages().get(i).encode());
        peer.partial(TOPIC, group.groupId(), PartialMessageCodec.encode(served, true), null);

        TestHosts.await("the group is rebuilt", () -> rebuilt.get() != null);
        assertArrayEquals(payload, rebuilt.get());
        assertTrue(broadcaster.completed());
        assertEquals(K, broadcaster.counters().get("received"));
        assertEquals(K, broadcaster.counters().get("requested"));
        assertTrue(claimed.get(K) || claimed.get(K + 1) || claimed.get(K + 2) || claimed.get(K + 3), "parity was claimed");
        assertFalse(claimed.get(2) || claimed.get(3));
    }

    @Test
    void aPeerWhoseMetadataChangesCountIsAnErrorAndCounted() throws Exception {
        BitSet available = new BitSet();
        available.set(0);
        peer.partial(TOPIC, group.groupId(), null, new PartsMetadata(K + PARITY, K, available, new BitSet()).encode());
        router.advance(Duration.ofMillis(100));
        assertTrue(lastRequests().get(0), "the broadcaster claims index 0");
        BitSet more = new BitSet();
        more.set(0, K + PARITY + 1);
        peer.partial(TOPIC, group.groupId(), null, new PartsMetadata(K + PARITY + 1, K, more, new BitSet()).encode());

        assertEquals(1L, broadcaster.counters().getOrDefault("extension_invalid_rpc", 0L),
                "the changed count is counted, and the extension counted the RPC refused");
        assertEquals(1L, broadcaster.counters().get("metadata_count_changes"));
        assertEquals(1L, broadcaster.counters().get("metadata_errors"));
        // The refused metadata changed nothing: the peer still holds only index 0 as far as the
        // broadcaster knows, so no pass ever claims another index from it.
        router.advance(Duration.ofSeconds(1)); // ten retry passes
        BitSet everClaimed = new BitSet();
        for (PartialMessage m : peer.partials()) {
            if (m.partsMetadata() != null) everClaimed.or(PartsMetadata.decode(m.partsMetadata()).requests());
        }
        assertEquals(BitSet.valueOf(new long[] {1}), everClaimed, "only index 0 was ever claimed");
    }

    /**
     * Issue 18 #5: 10,000 partial messages with invented group ids from 8 peers, then the real
     * group. No invented id takes a reassembly slot (before, each took one of the 64 until the
     * real group was refused), and the node still completes.
     */
    @Test
    void inventedGroupsTakeNoSlotAndTheRealGroupStillCompletes() throws Exception {
        List<ScriptedPeer> inventors = new ArrayList<>();
        for (int i = 0; i < 8; i++) inventors.add(router.connect(Direction.INBOUND, RouterFixture.V1_3).joinRequestingPartial(TOPIC));
        BitSet everything = new BitSet();
        everything.set(0, K + PARITY);
        byte[] metadata = new PartsMetadata(K + PARITY, K, everything, new BitSet()).encode();
        Random random = new Random(18);
        int mostHeld = 0;
        for (int i = 0; i < 10_000; i++) {
            byte[] invented = new byte[group.groupId().length];
            random.nextBytes(invented);
            inventors.get(i % inventors.size()).partial(TOPIC, invented, null, metadata);
            mostHeld = Math.max(mostHeld, broadcaster.groupsHeld());
        }
        assertTrue(mostHeld <= 1 + 8, "groups held never exceed the committed one + 8: " + mostHeld);
        assertEquals(0, mostHeld, "an invented group takes no slot at all");

        peer.partial(TOPIC, group.groupId(), null, metadata);
        router.advance(Duration.ofMillis(100));
        BitSet claimed = lastRequests();
        assertEquals(K, claimed.cardinality());
        List<byte[]> served = new ArrayList<>();
        for (int i = claimed.nextSetBit(0); i >= 0; i = claimed.nextSetBit(i + 1)) served.add(group.messages().get(i).encode());
        peer.partial(TOPIC, group.groupId(), PartialMessageCodec.encode(served, true), null);
        TestHosts.await("the group is rebuilt", () -> rebuilt.get() != null);
        assertArrayEquals(payload, rebuilt.get());
    }

    /**
     * Issue 43 #5: 32 peers x 8 invented group ids, sent within one heartbeat, would fill all 255
     * of the extension's peer-initiated slots (its caps come before the broadcaster's check), and the
     * real group's first RPC was refused as over the cap. Now an id the broadcaster does not admit
     * takes no slot anywhere, each is counted, and the real group is claimed at once.
     */
    @Test
    void inventedGroupsTakeNoneOfTheExtensionsSlots() {
        BitSet everything = new BitSet();
        everything.set(0, K + PARITY);
        byte[] metadata = new PartsMetadata(K + PARITY, K, everything, new BitSet()).encode();
        Random random = new Random(43);
        for (int p = 0; p < 32; p++) {
            ScriptedPeer inventor = router.connect(Direction.INBOUND, RouterFixture.V1_3).joinRequestingPartial(TOPIC);
            for (int i = 0; i < 8; i++) {
                byte[] invented = new byte[group.groupId().length];
                random.nextBytes(invented);
                inventor.partial(TOPIC, invented, null, metadata);
            }
        }
        assertEquals(0, broadcaster.extension().groupCount(TOPIC), "no invented group holds extension state");
        assertEquals(256L, broadcaster.counters().getOrDefault("extension_group_not_admitted", 0L), broadcaster.counters().toString());

        peer.partial(TOPIC, group.groupId(), null, metadata);
        assertEquals(0L, broadcaster.counters().getOrDefault("extension_group_cap", 0L), "the real group found a slot");
        router.advance(Duration.ofMillis(100));
        assertEquals(K, lastRequests().cardinality(), "and the broadcaster claims from its peer");
    }

    /**
     * Issue 18 #10: a partial message for the real group of 150 snappy blocks that each inflate to
     * 1 MiB of zeros. The first is refused as it decodes, and the rest are never decompressed
     * (before: 150 MiB decompressed for one 7 MB RPC). Work is measured as bytes allocated.
     */
    @Test
    void aCompressedBombIsRefusedAtItsFirstSegment() throws Exception {
        byte[] inflates = SnappyBlock.compress(new byte[1 << 20]);
        List<byte[]> bodies = new ArrayList<>();
        for (int i = 0; i < 150; i++) bodies.add(inflates);
        byte[] bomb = PartialMessageCodec.encodeBodies(bodies, true);
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        peer.partial(TOPIC, group.groupId(), bomb, null);
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertTrue(allocated < 64L << 20, "one " + (bomb.length >> 20) + " MiB RPC allocated " + (allocated >> 20) + " MiB");
        assertEquals(1L, broadcaster.counters().get("invalid_segments"));
        assertEquals(1L, broadcaster.counters().getOrDefault("extension_invalid_rpc", 0L));
    }

    /** The requests bitmap of the last parts metadata the router sent the peer; empty before any. */
    private BitSet lastRequests() {
        List<PartialMessage> got = peer.partials();
        for (int i = got.size() - 1; i >= 0; i--) {
            if (got.get(i).partsMetadata() == null) continue;
            try {
                return PartsMetadata.decode(got.get(i).partsMetadata()).requests();
            } catch (PartialFormatException e) {
                throw new AssertionError(e);
            }
        }
        return new BitSet();
    }
}
