/**
 * gsnode as a node of libp2p's gossipsub-interop harness ({@code gossipsub-interop/} in
 * libp2p/test-plans; docs/gossipsub-interop.md): {@code gsnode interop-node --params FILE} reads the
 * harness's script ({@link ScriptReader}), takes its node id from the host name
 * ({@link NodeName}), and runs the script on a TCP + Noise + yamux host on port 9000
 * ({@link ScriptedNode}), printing the lines the harness's analysis reads ({@link HarnessLog}).
 * The router is gsnode's own, configured from go-libp2p-pubsub's parameter names and defaults
 * ({@link GoGossipParams}); partial messages follow the harness's format
 * ({@link HarnessPartialMessages}). {@link InteropWrapper} writes the script the harness's
 * Makefile installs.
 */
package io.gsnode.harness;
