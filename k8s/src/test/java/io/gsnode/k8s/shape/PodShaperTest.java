package io.gsnode.k8s.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.k8s.DelayRequest;
import io.gsnode.k8s.TestCells;
import io.gsnode.netns.fabric.DelayMode;
import io.gsnode.netns.fabric.KernelFeature;
import io.gsnode.netns.fabric.QueueKind;
import io.gsnode.node.run.PeerAddressing;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a pod decides from its kernel's features, and a peer that never resolves. */
class PodShaperTest {

    private static final Set<KernelFeature> NO_NETEM_NO_FQ_CODEL = EnumSet.of(KernelFeature.HTB, KernelFeature.PFIFO,
            KernelFeature.INGRESS, KernelFeature.U32, KernelFeature.MIRRED, KernelFeature.IFB);

    @Test
    void autoDelayIsNetemWhereTheKernelHasItAndNoneWithADegradationElsewhere() {
        PodShaper.Decision without = PodShaper.decide(QueueKind.FIFO, DelayRequest.AUTO, NO_NETEM_NO_FQ_CODEL, false);
        assertEquals(DelayMode.NONE, without.delay());
        assertEquals(1, without.degradations().size());
        Set<KernelFeature> all = EnumSet.allOf(KernelFeature.class);
        PodShaper.Decision with = PodShaper.decide(QueueKind.FQ_CODEL, DelayRequest.AUTO, all, false);
        assertEquals(DelayMode.NETEM, with.delay());
        assertEquals(QueueKind.FQ_CODEL, with.queue());
        assertTrue(with.degradations().isEmpty());
    }

    @Test
    void netemOrFqCodelAskedForAndMissingIsRefusedUnlessDegradingIsAllowed() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> PodShaper.decide(QueueKind.FIFO, DelayRequest.NETEM, NO_NETEM_NO_FQ_CODEL, true));
        assertTrue(e.getMessage().contains("qdisc netem"), e.getMessage());
        e = assertThrows(IllegalStateException.class,
                () -> PodShaper.decide(QueueKind.FQ_CODEL, DelayRequest.NONE, NO_NETEM_NO_FQ_CODEL, false));
        assertTrue(e.getMessage().contains("qdisc fq_codel") && e.getMessage().contains("--allow-degraded"), e.getMessage());
        PodShaper.Decision fair = PodShaper.decide(QueueKind.FQ_CODEL, DelayRequest.NONE, NO_NETEM_NO_FQ_CODEL, true);
        assertEquals(QueueKind.FAIR, fair.queue());
        e = assertThrows(IllegalStateException.class, () -> PodShaper.decide(QueueKind.FIFO, DelayRequest.NONE,
                EnumSet.of(KernelFeature.HTB, KernelFeature.PFIFO), false));
        assertTrue(e.getMessage().contains("link type ifb"), e.getMessage());
    }

    @Test
    void aPeerWhoseNameNeverResolvesIsNamedWhenThePatienceRunsOut() {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PodShaper shaper = new PodShaper(TestCells.ring(5), 0, PeerAddressing.named("gsnode-{i}.invalid"), "eth0",
                new PrintStream(log, true));
        IOException e = assertThrows(IOException.class, () -> shaper.resolvePeers(Duration.ofMillis(1500)));
        assertTrue(e.getMessage().startsWith("4 peers did not resolve") && e.getMessage().contains("gsnode-1.invalid"), e.getMessage());
    }
}
