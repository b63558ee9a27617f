package io.gsnode.k8s.coordinator;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Which address may speak for node I: the address its stable name resolves to (pod i is
 * {@code gsnode-i.gsnode}, published by the headless Service before the pod is ready). Without this
 * check one client that reaches the coordinator could ask for every index and start the cell with
 * no node present; a TCP peer cannot claim a source address it does not hold.
 *
 * <p>Names are looked up on a thread of their own, never on the coordinator's event loop: an index
 * not yet looked up is {@link Verdict#PENDING}, which the coordinator answers like "still waiting",
 * so its node asks again a poll later. A name that does not resolve yet stays pending.
 */
public final class NodeAddresses implements AutoCloseable {

    /** What a question for an index, from an address, is. */
    public enum Verdict { NODE, PENDING, OTHER }

    /** Node {@code index}'s addresses, looked up by name. */
    @FunctionalInterface
    public interface Lookup {
        List<InetAddress> addresses(int index) throws UnknownHostException;
    }

    private final Lookup lookup;
    private final Map<Integer, List<InetAddress>> known = new ConcurrentHashMap<>();
    private final Set<Integer> inFlight = ConcurrentHashMap.newKeySet();
    private final ExecutorService lookups;

    private NodeAddresses(Lookup lookup) {
        this.lookup = lookup;
        this.lookups = lookup == null ? null : Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "epoch-names");
            t.setDaemon(true);
            return t;
        });
    }

    /** Node {@code i} is whoever {@code template} with {@code index} replaced by i resolves to. */
    public static NodeAddresses byName(String template, String index) {
        return new NodeAddresses(i -> List.of(InetAddress.getAllByName(template.replace(index, Integer.toString(i)))));
    }

    /** Node i's addresses from {@code lookup} (a test's own name service). */
    public static NodeAddresses by(Lookup lookup) {
        return new NodeAddresses(lookup);
    }

    /** No check: any address may speak for any index (a coordinator outside Kubernetes, on a trusted network). */
    public static NodeAddresses any() {
        return new NodeAddresses(null);
    }

    public boolean checks() {
        return lookup != null;
    }

    public Verdict check(int index, InetAddress from) {
        if (lookup == null) return Verdict.NODE;
        List<InetAddress> addresses = known.get(index);
        if (addresses == null) {
            if (inFlight.add(index)) {
                lookups.execute(() -> {
                    try {
                        known.put(index, lookup.addresses(index));
                    } catch (UnknownHostException | RuntimeException e) {
                        // not published yet: the node's next question looks again
                    } finally {
                        inFlight.remove(index);
                    }
                });
            }
            return Verdict.PENDING;
        }
        return addresses.contains(from) ? Verdict.NODE : Verdict.OTHER;
    }

    /** Node {@code index}'s addresses as last looked up, for an error message. */
    public String describe(int index) {
        List<InetAddress> addresses = known.get(index);
        return addresses == null ? "not looked up yet" : addresses.stream().map(InetAddress::getHostAddress).toList().toString();
    }

    @Override
    public void close() {
        if (lookups != null) lookups.shutdownNow();
    }
}
