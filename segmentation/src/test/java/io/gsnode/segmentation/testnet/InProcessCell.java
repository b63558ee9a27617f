package io.gsnode.segmentation.testnet;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.segmentation.arm.Arm;
import io.gsnode.segmentation.arm.ArmContext;
import io.gsnode.segmentation.arm.ArmNode;
import io.gsnode.segmentation.arm.CellKnobs;
import io.gsnode.segmentation.arm.Diffusion;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One cell in one process (the harness twin of docs/arms.md §11.4, on real TCP): n nodes running
 * one arm, node 0 the publisher, dialled along a graph (the lower index dials), every node
 * subscribed to the arm's topics with its completion watcher.
 */
public final class InProcessCell implements AutoCloseable {

    /** One node: its arm instance and its router. */
    public record Node(int index, ArmNode arm, RouterUnderTest router) {}

    private final List<Node> nodes = new ArrayList<>();
    private final List<int[]> edges;
    /** The nodes each payload's completion was told to, by payload. */
    private final Map<Diffusion, Set<Integer>> completions = new ConcurrentHashMap<>();

    /**
     * @param base the cell's router configuration before the arm's overrides; node i gets the
     *     router seed of docs/arms.md §5.9 ({@link CellKnobs#routerSeed})
     */
    public InProcessCell(Arm arm, int n, int payloadBytes, long seed, List<int[]> edges, GossipConfig base) throws Exception {
        this(arm, n, payloadBytes, seed, edges, base, false);
    }

    /** A cell whose nodes also carry the warm-up payload when {@code warmup} ({@link ArmContext#warmup()}). */
    public InProcessCell(Arm arm, int n, int payloadBytes, long seed, List<int[]> edges, GossipConfig base,
                         boolean warmup) throws Exception {
        this.edges = edges;
        try {
            for (int i = 0; i < n; i++) {
                ArmNode node = arm.instantiate(new ArmContext(i, i == 0, payloadBytes, seed, n, warmup));
                GossipConfig config = node.config(base.toBuilder().seed(CellKnobs.routerSeed(seed, i)).build());
                RouterUnderTest router = new RouterUnderTest(1000 + i, b -> {
                    b.config(config);
                    node.install(b);
                    return b;
                });
                nodes.add(new Node(i, node, router));
            }
            for (int[] e : edges) {
                nodes.get(e[0]).router().host.dial(nodes.get(e[1]).router().addr).get(10, TimeUnit.SECONDS);
            }
            for (Node node : nodes) {
                node.arm().join(node.router().router, (diffusion, at) -> {
                    if (completions.computeIfAbsent(diffusion, d -> ConcurrentHashMap.newKeySet()).add(node.index())) return;
                    throw new AssertionError("node " + node.index() + " told twice that it completed " + diffusion);
                });
            }
        } catch (Exception | AssertionError e) {
            close();
            throw e;
        }
    }

    /** A circulant graph: i joined to i + o (mod n) for each offset o. */
    public static List<int[]> circulant(int n, int... offsets) {
        Set<Long> seen = new HashSet<>();
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int o : offsets) {
                int a = Math.min(i, (i + o) % n), b = Math.max(i, (i + o) % n);
                if (a != b && seen.add((long) a << 32 | b)) out.add(new int[] {a, b});
            }
        }
        return out;
    }

    /** 0 – 1 – … – n−1. */
    public static List<int[]> line(int n) {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i + 1 < n; i++) out.add(new int[] {i, i + 1});
        return out;
    }

    public List<Node> nodes() {
        return nodes;
    }

    /** Waits until every node has every graph neighbour in its mesh of every topic (the degree is below Dlo). */
    public void awaitMeshes() throws InterruptedException {
        for (Node node : nodes) {
            Set<PeerId> neighbours = new HashSet<>();
            for (int[] e : edges) {
                if (e[0] == node.index()) neighbours.add(nodes.get(e[1]).router().id());
                if (e[1] == node.index()) neighbours.add(nodes.get(e[0]).router().id());
            }
            for (String topic : node.arm().topics()) {
                TestHosts.await("node " + node.index() + " meshes all neighbours on " + topic,
                        () -> node.router().router.meshPeers(topic).join().containsAll(neighbours));
            }
        }
    }

    /** Node 0 publishes its batch (docs/arms.md §5.4). */
    public void publish() throws Exception {
        publish(Diffusion.MEASURED);
    }

    /** Node 0 publishes {@code diffusion}'s batch. */
    public void publish(Diffusion diffusion) {
        Node publisher = nodes.get(0);
        publisher.arm().publish(publisher.router().router, diffusion);
    }

    /** Waits until every receiver was told it completed {@code diffusion}. */
    public void awaitCompletion(Diffusion diffusion) throws InterruptedException {
        for (Node node : nodes.subList(1, nodes.size())) {
            TestHosts.await("node " + node.index() + " completes the " + diffusion.wireName() + " payload ("
                    + node.arm().extras() + ")", () -> completions.getOrDefault(diffusion, Set.of()).contains(node.index()));
        }
    }

    /** The receivers told they completed {@code diffusion}. */
    public Set<Integer> completed(Diffusion diffusion) {
        return Set.copyOf(completions.getOrDefault(diffusion, Set.of()));
    }

    public void awaitCompletion() throws InterruptedException {
        for (Node node : nodes.subList(1, nodes.size())) {
            TestHosts.await("node " + node.index() + " completes (" + node.arm().extras() + ")", node.arm()::completed);
        }
    }

    @Override
    public void close() {
        for (Node node : nodes) node.router().close();
    }
}
