package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.RouterFixture;
import io.gsnode.gossipsub.ScriptedPeer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A router running {@link DisciplinedRequests} on a manual loop and clock, with scripted mesh
 * peers that announce and (maybe) deliver. Every RPC is handled before the peer's call returns,
 * and timers fire only as the test advances the clock.
 */
final class PullTestFixture implements AutoCloseable {

    static final String TOPIC = "pull-test";

    final DisciplinedRequests pulls;
    final RouterFixture router;
    final List<ScriptedPeer> peers = new ArrayList<>();
    private int fresh;

    PullTestFixture(DisciplineConfig config, int peerCount) {
        pulls = new DisciplinedRequests(config);
        // MaxIHaveMessages as on phase arms: these tests send one IHAVE per id.
        router = new RouterFixture(RouterFixture.config().maxIHaveMessages(4096).build(), b -> b.requests(pulls));
        router.subscribe(TOPIC);
        for (int i = 1; i <= peerCount; i++) peers.add(router.connect().join(TOPIC));
        // The retry picks announcers in peer-id order; tests name them in that order.
        peers.sort(Comparator.comparing(ScriptedPeer::id));
    }

    /** A never-seen id, distinct per call. */
    MessageId freshId() {
        fresh++;
        return MessageId.wrap(new byte[] {(byte) 0xf0, (byte) (fresh >> 8), (byte) fresh});
    }

    long counter(String name) {
        return pulls.counters().get(name);
    }

    void advance(Duration d) {
        router.advance(d);
    }

    @Override
    public void close() {
        router.close();
    }
}
