package io.gsnode.node.peer;

import io.gsnode.gossipsub.GossipConfig;
import io.gsnode.libp2p.connection.Causes;
import io.gsnode.libp2p.connection.Connection;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.host.Host;
import io.gsnode.libp2p.host.HostListener;
import io.gsnode.libp2p.identify.IdentifyService;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.ping.PingService;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One run of the interop peer ({@code gsnode peer}): listen, dial, ping, transfer and echo, and
 * gossipsub subscribe and publish, each step one event on the {@link EventLog} (see
 * {@code interop/PEER-PROTOCOL.md}).
 */
public final class PeerSession {

    /**
     * What to do; addresses are already checked.
     *
     * @param publish the publisher's schedule, or null for none
     * @param seconds how long to stay up after the last action; null: until {@link #stop}
     */
    public record Plan(List<String> listen, List<String> dial, int ping, long send, long echo, List<String> subscribe,
                       PublishSchedule publish, Double seconds) {
        public Plan {
            listen = List.copyOf(listen);
            dial = List.copyOf(dial);
            subscribe = List.copyOf(subscribe);
        }
    }

    private final Plan plan;
    private final String agent;
    private final EventLog events;
    private final CountDownLatch stop = new CountDownLatch(1);

    public PeerSession(Plan plan, String agent, EventLog events) {
        this.plan = plan;
        this.agent = agent;
        this.events = events;
    }

    /** Ends the wait after the actions (a signal's handler calls it). */
    public void stop() {
        stop.countDown();
    }

    /**
     * Listens, joins the topics, dials and acts in order while the publisher follows its schedule,
     * then stays up for {@code plan.seconds()} (or until {@link #stop}).
     *
     * @return whether every action succeeded
     */
    public boolean run(Host host, GossipConfig gossipConfig, long started) throws InterruptedException {
        IdentifyService identify = new IdentifyService(host, agent);
        PingService pings = new PingService(host);
        TransferProtocol transfer = new TransferProtocol(host, (conn, r) -> events.emit("received",
                "peer_id", conn.remotePeer().toString(), "protocol", TransferProtocol.PROTOCOL,
                "bytes", r.bytes(), "sha256", r.sha256(), "ms", r.millis()));
        EchoProtocol echoes = new EchoProtocol(host);
        host.addListener(new EventReporter(host));
        identify.addListener((conn, m) -> events.emit("identify", "peer_id", conn.remotePeer().toString(),
                "protocols", m.protocols(), "listen_addrs", m.listenAddrs().stream().map(Multiaddr::toString).toList(),
                "agent", m.agentVersion()));

        List<String> bound = new ArrayList<>();
        for (String a : plan.listen()) {
            try {
                bound.add(host.listen(Multiaddr.parse(a)).get().withPeerId(host.peerId()).toString());
            } catch (ExecutionException e) {
                events.emit("error", "what", "listen " + a + ": " + e.getCause().getMessage());
                return false;
            }
        }
        PeerGossip gossip = null;
        if (!plan.subscribe().isEmpty() || plan.publish() != null) {
            gossip = new PeerGossip(host, gossipConfig, events);
            for (String topic : new LinkedHashSet<>(plan.subscribe())) gossip.subscribe(topic);
        }
        events.emit("listening", "peer_id", host.peerId().toString(), "addrs", bound);
        try {
            boolean ok = dialAndPublish(host, gossip, started, pings, transfer, echoes);
            if (plan.seconds() == null) {
                stop.await();
            } else {
                stop.await((long) (plan.seconds() * 1000), TimeUnit.MILLISECONDS);
            }
            return ok;
        } finally {
            if (gossip != null) {
                gossip.reportCounters();
                gossip.close();
            }
        }
    }

    /** Dials in order while the publisher follows its own schedule; both must end before the countdown. */
    private boolean dialAndPublish(Host host, PeerGossip gossip, long started, PingService pings,
                                   TransferProtocol transfer, EchoProtocol echoes) throws InterruptedException {
        CompletableFuture<Boolean> published = CompletableFuture.completedFuture(true);
        if (plan.publish() != null) {
            PublishSchedule schedule = plan.publish();
            published = CompletableFuture.supplyAsync(() -> {
                try {
                    return gossip.publish(schedule, started, stop);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
        }
        boolean ok = true;
        for (String a : plan.dial()) {
            ok &= actions(host, Multiaddr.parse(a), pings, transfer, echoes);
        }
        return published.join() && ok;
    }

    /** Dial, then pings, send and echo on that connection; each failure is one error event. */
    private boolean actions(Host host, Multiaddr addr, PingService pings, TransferProtocol transfer, EchoProtocol echoes) {
        Connection conn;
        long dialStart = System.nanoTime();
        try {
            conn = host.dial(addr).join();
        } catch (RuntimeException e) {
            events.emit("error", "what", Causes.message(e));
            return false;
        }
        String peer = conn.remotePeer().toString();
        events.emit("dialed", "peer_id", peer, "ms", (System.nanoTime() - dialStart) / 1e6);
        boolean ok = true;
        if (plan.ping() > 0) {
            try {
                pings.ping(conn, plan.ping(), rtt -> events.emit("ping", "peer_id", peer, "rtt_ms", rtt.toNanos() / 1e6)).join();
            } catch (RuntimeException e) {
                events.emit("error", "what", "ping " + peer + ": " + Causes.message(e));
                ok = false;
            }
        }
        if (plan.send() > 0) {
            try {
                TransferProtocol.Result r = transfer.send(conn, plan.send()).join();
                events.emit("sent", "peer_id", peer, "protocol", TransferProtocol.PROTOCOL, "bytes", r.bytes(),
                        "sha256", r.sha256(), "match", r.match(), "ms", r.millis());
                if (!r.match()) {
                    events.emit("error", "what", "send " + peer + ": the receiver's digest differs from ours");
                    ok = false;
                }
            } catch (RuntimeException e) {
                events.emit("error", "what", "send " + peer + ": " + Causes.message(e));
                ok = false;
            }
        }
        if (plan.echo() > 0) {
            try {
                EchoProtocol.Result r = echoes.echo(conn, plan.echo()).join();
                events.emit("echo", "peer_id", peer, "bytes", r.bytes(), "ok", r.ok(), "ms", r.millis());
                if (!r.ok()) {
                    events.emit("error", "what", "echo " + peer + ": " + r.bytes() + " bytes came back, not the "
                            + plan.echo() + " sent");
                    ok = false;
                }
            } catch (RuntimeException e) {
                events.emit("error", "what", "echo " + peer + ": " + Causes.message(e));
                ok = false;
            }
        }
        return ok;
    }

    /** Reports connections and the failures of remotes that broke a rule. */
    private final class EventReporter implements HostListener {
        private final Host host;

        EventReporter(Host host) {
            this.host = host;
        }

        @Override
        public void onConnected(Connection c) {
            events.emit("connected", "peer_id", c.remotePeer().toString(), "addr", c.remoteAddr().toString(),
                    "direction", c.direction().wireName(), "security", c.security(), "muxer", c.muxer(),
                    "authenticated", c.authenticated());
        }

        @Override
        public void onDisconnected(Connection c) {
            events.emit("disconnected", "peer_id", c.remotePeer().toString(), "addr", c.remoteAddr().toString());
        }

        @Override
        public void onFailure(FailureKind kind, String remote, Throwable cause) {
            events.emit("protocol_error", "layer", kind.wireName(), "remote", remote, "what", String.valueOf(cause.getMessage()),
                    "count", host.failureCount(kind));
        }
    }
}
