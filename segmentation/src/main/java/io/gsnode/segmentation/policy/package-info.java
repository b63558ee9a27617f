/**
 * The research fork's forwarding and request policies, as gossipsub hooks
 * ({@code docs/arms.md} §6): phase forwarding with the IDONTWANT-decayed push budget and
 * immediate single-id IHAVEs ({@link io.gsnode.segmentation.policy.PhaseForwarding}), the IWANT
 * discipline with its offer table and IHAVE commitment park
 * ({@link io.gsnode.segmentation.policy.DisciplinedRequests}), and the stop-pull request gate
 * ({@link io.gsnode.segmentation.policy.StopPullGate}). Every policy runs on the router thread;
 * only their counters are read from elsewhere.
 *
 * <p><b>Deviations</b> from the reference (the {@code cskiraly/prysm} vendored go-libp2p-pubsub
 * fork, {@code phaseforward.go}):
 * <ul>
 *   <li>Only the parts the report's arms use exist: no hedges, tail hedge, (N,q,g) kernel, pull
 *       budget or memory, rarest-first, group push, link filter, meshless or source-staggered
 *       phase, announce-fed holders, deferral ledger (§6.8). {@code ArmKnobs} refuses their
 *       knobs rather than ignoring them.</li>
 *   <li>Time is the router's monotonic clock ({@code RouterServices.nanoTime}), timers run on the
 *       router loop; go uses wall-clock {@code time.AfterFunc} that posts back to its loop.</li>
 *   <li>Phase forwarding's push and IHAVE counters count the slots the plan allots, before the
 *       router drops the source and author (§6.1 step 5), so a source ranked inside the budget is
 *       counted as a push it never becomes.</li>
 * </ul>
 */
package io.gsnode.segmentation.policy;
