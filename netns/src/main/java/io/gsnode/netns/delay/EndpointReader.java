package io.gsnode.netns.delay;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.util.function.BooleanSupplier;

/**
 * Reads one node's device: each packet the node's (shaped) uplink releases is timestamped, routed
 * by destination address, given its due instant (read instant + the pair's one-way latency) and
 * handed to the destination's scheduler. Drops, counted by cause: not IPv4, too long, unknown
 * destination, dead destination, budget spent. Ends when the device closes or fails; a failure
 * kills the endpoint.
 */
final class EndpointReader implements Runnable {

    private final Endpoint self;
    private final Endpoint[] endpoints;
    private final int[] latencyMicros;
    private final RouteTable routes;
    private final DeliveryScheduler[] schedulers;
    private final PacketPool pool;
    private final SwitchDrops drops;
    private final BooleanSupplier closing;

    EndpointReader(Endpoint self, Endpoint[] endpoints, int[] latencyMicros, RouteTable routes,
                   DeliveryScheduler[] schedulers, PacketPool pool, SwitchDrops drops, BooleanSupplier closing) {
        this.self = self;
        this.endpoints = endpoints;
        this.latencyMicros = latencyMicros;
        this.routes = routes;
        this.schedulers = schedulers;
        this.pool = pool;
        this.drops = drops;
        this.closing = closing;
    }

    @Override
    public void run() {
        Packet slot = pool.slot();
        long sequence = 0;
        int source = self.index;
        int shards = schedulers.length;
        try {
            while (true) {
                ByteBuffer b = slot.buffer;
                b.clear();
                int length;
                try {
                    length = self.device.read(b);
                } catch (ClosedChannelException e) {
                    return;
                } catch (IOException e) {
                    if (!closing.getAsBoolean()) self.die("reading its device failed: " + e.getMessage());
                    return;
                }
                long now = System.nanoTime();
                if (length < 0) {
                    if (!closing.getAsBoolean()) self.die("its device reported end of file");
                    return;
                }
                self.fromPackets.add(1);
                self.fromBytes.add(length);
                if (length >= b.capacity()) {
                    drops.count(DropCause.OVERSIZE);
                    continue;
                }
                if (!Ipv4Packet.isIpv4(b, length)) {
                    drops.count(DropCause.NOT_IPV4);
                    continue;
                }
                int destination = routes.nodeOf(Ipv4Packet.destination(b));
                if (destination < 0) {
                    drops.count(DropCause.UNKNOWN_DESTINATION);
                    continue;
                }
                Endpoint to = endpoints[destination];
                if (!to.alive()) {
                    drops.count(DropCause.DEAD_ENDPOINT, to);
                    continue;
                }
                if (!pool.tryReserve()) {
                    drops.count(DropCause.BUDGET, to);
                    continue;
                }
                slot.length = length;
                slot.source = source;
                slot.destination = destination;
                slot.dueNanos = now + latencyMicros[destination] * 1_000L;
                slot.sequence = sequence++;
                schedulers[destination % shards].submit(slot);
                slot = pool.slot();
            }
        } finally {
            pool.returnSpare(slot);
        }
    }
}
