/**
 * Shadow configurations that run the gsnode binary as Shadow hosts, generated from a topology
 * ({@code gsnode shadow}, {@link io.gsnode.shadow.cli.ShadowCommand}); see {@code docs/shadow.md}
 * and Shadow's <a href="https://shadow.github.io/docs/guide/shadow_config_spec.html">configuration
 * spec</a>.
 *
 * <p>Deviations from the reference runner ({@code gen_shadow.py}, not public): hosts are
 * {@code node<i>} (the gossipsub-interop names) rather than its naming; rates sit on one GML node
 * per host because Shadow 3.3.0 mishandles host-level bandwidth; the schedule is passed as
 * {@code gsnode run} flags, not {@code SHADOW_*} environment variables, whose names are unknown.
 */
package io.gsnode.shadow;
