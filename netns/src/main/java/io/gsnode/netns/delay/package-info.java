/**
 * The userspace delay switch (issue 12): per-pair one-way latency on kernels without netem. Each
 * node's interface is a TUN device ({@link io.gsnode.netns.delay.TunDevice}) whose packets the
 * switch ({@link io.gsnode.netns.delay.DelaySwitch}) reads, routes by destination address, holds
 * for the pair's latency and writes into the destination's device; the kernel still shapes each
 * device's egress (HTB + leaf) and ingress (IFB). {@link io.gsnode.netns.cli.SwitchCommand} is
 * {@code gsnode netns switch}.
 *
 * <p>Native calls (JNA) only where a namespace is entered or a device attached; packets move
 * through plain {@link java.nio.channels.FileChannel}s on the device, with no JVM flags needed
 * ({@link io.gsnode.netns.delay.FdAdoption}).
 */
package io.gsnode.netns.delay;
