/**
 * Multiaddrs: self-describing network addresses in text ({@code /ip4/1.2.3.4/tcp/4001}) and
 * binary form (docs/wire.md §1.3;
 * <a href="https://github.com/multiformats/multiaddr">multiaddr spec</a>,
 * <a href="https://github.com/multiformats/multiaddr/blob/master/protocols.csv">protocols.csv</a>).
 *
 * <p>Only the protocols a TCP or QUIC libp2p node needs are known (see {@link
 * io.gsnode.libp2p.multiaddr.Protocol}). Addresses peers advertise in identify often carry others
 * ({@code /ws}, {@code /webtransport}, {@code /p2p-circuit}, ...): parsing them throws, and a
 * caller collecting such addresses should skip the ones that fail rather than fail itself.
 *
 * <p><b>Deviations</b> from go-multiaddr:
 * <ul>
 *   <li>Protocols outside that list are rejected rather than round-tripped.</li>
 *   <li>{@code /quic} (draft-29, code 460) is rejected with a message pointing at
 *       {@code /quic-v1}; go still parses it.</li>
 *   <li>IPv6 zone identifiers ({@code fe80::1%eth0}) are not accepted inside {@code /ip6}; go
 *       does not either, but also knows {@code /ip6zone}, which is not supported here.</li>
 *   <li>The peer-ID operations ({@link io.gsnode.libp2p.multiaddr.Multiaddr#peerId()},
 *       {@code withPeerId}, {@code withoutPeerId}) look only at a trailing {@code /p2p}
 *       component, as go's {@code peer.SplitAddr} does.</li>
 * </ul>
 */
package io.gsnode.libp2p.multiaddr;
