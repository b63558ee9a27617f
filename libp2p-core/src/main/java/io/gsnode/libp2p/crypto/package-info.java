/**
 * libp2p identity keys: the {@code PublicKey}/{@code PrivateKey} protobufs and signing with
 * Ed25519, secp256k1 and ECDSA P-256 (docs/wire.md §1.1;
 * <a href="https://github.com/libp2p/specs/blob/master/peer-ids/peer-ids.md">peer-ids spec</a>).
 *
 * <p><b>Deviations</b> from go-libp2p's {@code core/crypto}:
 * <ul>
 *   <li>RSA is not supported: unmarshalling an RSA key throws {@link
 *       io.gsnode.libp2p.crypto.UnsupportedKeyException}. go nodes default to Ed25519.</li>
 *   <li>ECDSA keys must be on P-256; go also accepts P-224, P-384 and P-521.</li>
 *   <li>Only the canonical forms are accepted: a 33-byte compressed secp256k1 point (go also
 *       parses 65-byte uncompressed ones) and the 91-byte named-curve P-256
 *       SubjectPublicKeyInfo.</li>
 *   <li>A 64-byte Ed25519 private key whose public half does not match its seed is rejected;
 *       go accepts it and then signs with the wrong public key.</li>
 * </ul>
 */
package io.gsnode.libp2p.crypto;
