/**
 * The topology generator of {@code docs/arms.md} §10: a random regular dial graph (or the
 * known-answer line and star), the link classes of a scenario, the geo or uniform latency model,
 * and the {@link io.gsnode.formats.topology.IpPlan} addresses, as a
 * {@link io.gsnode.formats.topology.Topology} ready for the writer.
 *
 * <p><b>Deviations</b> (the reference's generator was not available, docs/arms.md §0):
 * <ul>
 *   <li>The RNG is a bit-exact port of Go's {@code math/rand/v2} PCG and {@code IntN}, seeded as
 *       §10.1 says, but the order of draws in a swap attempt (two edge indices, then a coin
 *       {@code IntN(2)}, 0 choosing (A1–A2, B1–B2)), the orientation of the circulant edges
 *       ((i, i + k mod N), i ascending, then k) and checking connectivity once per round are our
 *       reading of §10.1, UNCONFIRMED; so graphs are not claimed equal to the reference's. Regions,
 *       latencies and link classes are pure functions of (seed, index) and do match.</li>
 *   <li>At N = 2 the degree is 1 (one edge): §10.1's "at least 2" cannot hold there.</li>
 * </ul>
 */
package io.gsnode.tools.topology;
