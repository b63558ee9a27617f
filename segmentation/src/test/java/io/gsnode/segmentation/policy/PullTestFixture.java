package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.gossipsub.MessageId;
import io.gsnode.segmentation.testnet.RouterUnderTest;
import io.gsnode.segmentation.testnet.ScriptedPeer;
import java.util.ArrayList;
import java.util.List;

/** A real router running {@link DisciplinedRequests}, and scripted mesh peers that announce and (maybe) deliver. */
final class PullTestFixture implements AutoCloseable {

    static final String TOPIC = "pull-test";

    final DisciplinedRequests pulls;
    final RouterUnderTest router;
    final List<ScriptedPeer> peers = new ArrayList<>();
    private int fresh;

    PullTestFixture(DisciplineConfig config, int peerCount) throws Exception {
        pulls = new DisciplinedRequests(config);
        // MaxIHaveMessages as on phase arms: these tests send one IHAVE per id.
        router = new RouterUnderTest(0, b -> b.config(new GossipConfig.Builder().maxIHaveMessages(4096).build()).requests(pulls));
        router.subscribe(TOPIC);
        for (int i = 1; i <= peerCount; i++) {
            ScriptedPeer p = new ScriptedPeer(i).connect(router.addr);
            p.join(TOPIC);
            peers.add(p);
        }
        router.awaitMesh(TOPIC, peers);
        // The retry picks announcers in peer-id order; tests name them in that order.
        peers.sort((a, b) -> a.id().compareTo(b.id()));
    }

    /** A never-seen id, distinct per call. */
    MessageId freshId() {
        fresh++;
        return MessageId.wrap(new byte[] {(byte) 0xf0, (byte) (fresh >> 8), (byte) fresh});
    }

    long counter(String name) {
        return pulls.counters().get(name);
    }

    @Override
    public void close() {
        peers.forEach(ScriptedPeer::close);
        router.close();
    }
}
