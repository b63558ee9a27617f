/**
 * The libp2p TLS certificate that QUIC peers present and check: a self-signed X.509 certificate
 * whose libp2p Public Key Extension binds its key to the host's identity key (docs/wire.md
 * §6.2-6.3; <a href="https://github.com/libp2p/specs/blob/master/tls/tls.md">libp2p TLS
 * spec</a>).
 *
 * <p><b>Deviations</b> from go-libp2p's {@code p2p/security/tls}:
 * <ul>
 *   <li>Every critical extension other than the libp2p one is rejected, as rust-libp2p does. go
 *       also accepts the critical extensions its {@code crypto/x509} parses (key usage, basic
 *       constraints, ...). Neither go, rust nor js puts any in a libp2p certificate.</li>
 *   <li>The self-signature is checked with the JDK's providers, so a certificate whose own key is
 *       secp256k1 is refused as unsupported (go refuses it too; the identity key in the
 *       extension may be secp256k1).</li>
 *   <li>The ECDSA identity keys accepted in the extension are P-256 only (see
 *       {@code io.gsnode.libp2p.crypto}); RSA identities are refused.</li>
 * </ul>
 */
package io.gsnode.transport.quic.tls;
