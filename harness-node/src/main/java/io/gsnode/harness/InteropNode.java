package io.gsnode.harness;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.node.run.ShadowSafety;
import io.gsnode.transport.tcp.TcpConfig;
import io.gsnode.transport.tcp.TcpTransport;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One harness node's life: the host (TCP + Noise + yamux, identify, the harness's key for its
 * node id), the script, and the end. Listening on {@code 0.0.0.0:9000} starts as soon as the
 * router exists; the time it took from the JVM's start is reported, since go nodes dial at once
 * and give up on a refusal.
 */
public final class InteropNode {

    static final String AGENT = "gsnode/0.1.0 (gossipsub-interop)";

    private final int nodeId;
    private final List<Instruction> script;
    private final long startMillis;
    private final Consumer<String> warn;

    /**
     * @param startMillis the JVM's start, wall clock (under Shadow, simulated): waitUntil counts from it
     */
    public InteropNode(int nodeId, List<Instruction> script, long startMillis, Consumer<String> warn) {
        this.nodeId = nodeId;
        this.script = List.copyOf(script);
        this.startMillis = startMillis;
        this.warn = warn;
    }

    /** Runs the script, writing the harness's lines to {@code out}; returns when the script has ended. */
    public void run(PrintStream out) throws Exception {
        ShadowSafety.applyProcessProperties(nodeId);
        HarnessLog log = new HarnessLog(out, Clock.systemUTC());
        // Shadow's TCP needs NIO, and a real kernel runs it as well.
        TcpConfig tcp = ShadowSafety.tcpUnderShadow(TcpConfig.DEFAULT);
        Host host = new Host(Ed25519.fromIndex(nodeId), ConnectionLimits.DEFAULT, List.of(ctx -> new TcpTransport(ctx, tcp)));
        new IdentifyService(host, AGENT);
        log.peerId(host.peerId(), nodeId);
        try (ScriptedNode node = new ScriptedNode(nodeId, host, log, startMillis, warn)) {
            node.run(script, () -> listen(host));
        } finally {
            try {
                host.close().get(2, TimeUnit.SECONDS);
            } catch (Exception e) {
                warn.accept("closing the host: " + e.getMessage());
            }
        }
    }

    private void listen(Host host) {
        Multiaddr addr = Multiaddr.parse("/ip4/0.0.0.0/tcp/" + ScriptedNode.PORT);
        try {
            host.listen(addr).get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot listen on " + addr + ": " + e.getCause().getMessage(), e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException("cannot listen on " + addr + ": " + e, e);
        }
        warn.accept("node " + nodeId + " listening on " + addr + ", " + (System.currentTimeMillis() - startMillis)
                + " ms after the JVM started");
    }
}
