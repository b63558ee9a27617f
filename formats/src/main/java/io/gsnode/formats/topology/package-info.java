/**
 * The topology file {@code gsnode.topology/1} ({@code docs/topology.md}, {@code docs/arms.md} §10): the
 * model, a validating streaming reader, a compact writer, the link classes of each scenario and the
 * geographic latency model.
 *
 * <p>A node reads its own view with {@link io.gsnode.formats.topology.TopologyReader#readLocal}: its
 * row of the latency matrix, its own entry, the peers it dials and every peer's IP, never the whole
 * n*n matrix. Tools read everything with {@link io.gsnode.formats.topology.TopologyReader#read}.
 *
 * <p><b>Deviations</b> from the reference's export ({@code docs/arms.md} §10.5, whose key
 * spelling is UNCONFIRMED):
 * <ul>
 *   <li>Latencies are integer microseconds, truncated from the reference's nanoseconds (as Go's
 *       {@code Duration.Microseconds()} does); the full-resolution value is
 *       {@link io.gsnode.formats.topology.LatencyModel#oneWayNanos}.</li>
 *   <li>The uniform model gives 25 ms on the diagonal too; the geo model gives 1 ms there.</li>
 *   <li>IPs follow {@link io.gsnode.formats.topology.IpPlan}, not the reference's (unknown) scheme.</li>
 * </ul>
 */
package io.gsnode.formats.topology;
