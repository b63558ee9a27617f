package io.gsnode.transport.quic.tls;

import static io.gsnode.transport.quic.tls.TestCertificates.parseHex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.KeyType;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.crypto.Secp256k1;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.tls.Libp2pCertificateException.Reason;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class Libp2pCertificateVerifierTest {

    private static final PrivKey IDENTITY = Ed25519.fromIndex(1);

    // ---- the libp2p TLS spec's test certificates ----

    @Test
    void acceptsTheSpecEd25519Certificate() throws Exception {
        PubKey key = Libp2pCertificateVerifier.verify(List.of(parseHex(TlsSpecVectors.ED25519_CERTIFICATE)));
        assertEquals(KeyType.ED25519, key.type());
        assertEquals(TlsSpecVectors.ED25519_PEER_ID, PeerId.fromPubKey(key).toBase58());
        // The same identity key libp2p-core's TlsHandshakeVectors.ED25519_KEY holds.
        assertArrayEquals(hex("08011220a77f1d92fedb59dddaea5a1c4abd1ac2fbde7d7b879ed364501809923d7c11b9"),
                key.bytes());
    }

    @Test
    void acceptsTheSpecEcdsaCertificate() throws Exception {
        PubKey key = Libp2pCertificateVerifier.verify(List.of(parseHex(TlsSpecVectors.ECDSA_CERTIFICATE)));
        assertEquals(KeyType.ECDSA, key.type());
        assertEquals(TlsSpecVectors.ECDSA_PEER_ID, PeerId.fromPubKey(key).toBase58());
    }

    @Test
    void acceptsTheSpecSecp256k1Certificate() throws Exception {
        PubKey key = Libp2pCertificateVerifier.verify(List.of(parseHex(TlsSpecVectors.SECP256K1_CERTIFICATE)));
        assertEquals(KeyType.SECP256K1, key.type());
        assertEquals(TlsSpecVectors.SECP256K1_PEER_ID, PeerId.fromPubKey(key).toBase58());
        assertArrayEquals(hex("080212210206dc6968726765b820f050263ececf7f71e4955892776c0970542efd689d2382"),
                key.bytes());
    }

    @Test
    void rejectsTheSpecInvalidCertificate() {
        assertReason(Reason.BAD_EXTENSION_SIGNATURE, parseHex(TlsSpecVectors.INVALID_CERTIFICATE));
    }

    @Test
    void theSpecCertificatesShareTheKeyTheExtractedVectorsSigned() {
        for (String certificate : List.of(TlsSpecVectors.ED25519_CERTIFICATE, TlsSpecVectors.ECDSA_CERTIFICATE,
                TlsSpecVectors.SECP256K1_CERTIFICATE, TlsSpecVectors.INVALID_CERTIFICATE)) {
            assertArrayEquals(hex(TlsSpecVectors.CERT_SPKI), parseHex(certificate).getPublicKey().getEncoded());
        }
    }

    // ---- certificates built here ----

    @Test
    void acceptsAValidCertificateAsListOrArray() throws Exception {
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY).build();
        assertEquals(IDENTITY.publicKey(), Libp2pCertificateVerifier.verify(List.of(certificate)));
        assertEquals(IDENTITY.publicKey(), Libp2pCertificateVerifier.verify(new X509Certificate[] {certificate}));
    }

    @Test
    void rejectsAChainOfTwo() {
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY).build();
        Libp2pCertificateException e = assertThrows(Libp2pCertificateException.class,
                () -> Libp2pCertificateVerifier.verify(List.of(certificate, certificate)));
        assertEquals(Reason.CHAIN_LENGTH, e.reason());
        assertTrue(e.getMessage().contains("presented 2"), e.getMessage());
    }

    @Test
    void rejectsAnEmptyOrMissingChain() {
        Libp2pCertificateException empty = assertThrows(Libp2pCertificateException.class,
                () -> Libp2pCertificateVerifier.verify(List.of()));
        assertEquals(Reason.CHAIN_LENGTH, empty.reason());
        Libp2pCertificateException missing = assertThrows(Libp2pCertificateException.class,
                () -> Libp2pCertificateVerifier.verify((X509Certificate[]) null));
        assertEquals(Reason.CHAIN_LENGTH, missing.reason());
    }

    @Test
    void rejectsAnExpiredCertificate() {
        Instant now = Instant.now();
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY)
                .validity(now.minus(Duration.ofDays(2)), now.minus(Duration.ofDays(1)))
                .build();
        Libp2pCertificateException e = assertReason(Reason.EXPIRED, certificate);
        assertTrue(e.getMessage().startsWith("certificate expired: NotAfter"), e.getMessage());
    }

    @Test
    void rejectsACertificateNotYetValid() {
        Instant now = Instant.now();
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY)
                .validity(now.plus(Duration.ofDays(1)), now.plus(Duration.ofDays(2)))
                .build();
        assertReason(Reason.NOT_YET_VALID, certificate);
    }

    @Test
    void checksValidityAtTheGivenInstantOnBothBoundaries() throws Exception {
        Instant notBefore = Instant.parse("2030-01-01T00:00:00Z");
        Instant notAfter = Instant.parse("2031-01-01T00:00:00Z");
        List<X509Certificate> chain =
                List.of(TestCertificates.forIdentity(IDENTITY).validity(notBefore, notAfter).build());
        assertEquals(IDENTITY.publicKey(), Libp2pCertificateVerifier.verify(chain, notBefore));
        assertEquals(IDENTITY.publicKey(), Libp2pCertificateVerifier.verify(chain, notAfter));
        assertEquals(Reason.NOT_YET_VALID, assertThrows(Libp2pCertificateException.class,
                () -> Libp2pCertificateVerifier.verify(chain, notBefore.minusSeconds(1))).reason());
        assertEquals(Reason.EXPIRED, assertThrows(Libp2pCertificateException.class,
                () -> Libp2pCertificateVerifier.verify(chain, notAfter.plusSeconds(1))).reason());
    }

    @Test
    void rejectsABadSelfSignature() throws Exception {
        byte[] der = TestCertificates.forIdentity(IDENTITY).build().getEncoded();
        // The last byte belongs to the ECDSA signature's s value.
        der[der.length - 1] ^= 0x01;
        assertReason(Reason.BAD_SELF_SIGNATURE, TestCertificates.parse(der));
    }

    @Test
    void rejectsACertificateWithoutTheExtension() {
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY).withoutExtension().build();
        Libp2pCertificateException e = assertReason(Reason.MISSING_EXTENSION, certificate);
        assertTrue(e.getMessage().contains("1.3.6.1.4.1.53594.1.1"), e.getMessage());
    }

    @Test
    void rejectsAnExtensionSignedByAnotherIdentity() {
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY)
                .signedBy(Ed25519.fromIndex(2))
                .build();
        assertReason(Reason.BAD_EXTENSION_SIGNATURE, certificate);
    }

    @Test
    void rejectsAnUnknownCriticalExtension() {
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY).unknownExtension(true).build();
        Libp2pCertificateException e = assertReason(Reason.UNKNOWN_CRITICAL_EXTENSION, certificate);
        assertTrue(e.getMessage().contains(TestCertificates.UNKNOWN_OID.getId()), e.getMessage());
    }

    @Test
    void ignoresAnUnknownNonCriticalExtension() throws Exception {
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY).unknownExtension(false).build();
        assertEquals(IDENTITY.publicKey(), Libp2pCertificateVerifier.verify(List.of(certificate)));
    }

    @Test
    void acceptsTheLibp2pExtensionMarkedCriticalAsRustDoes() throws Exception {
        PrivKey identity = Secp256k1.generate();
        X509Certificate certificate = TestCertificates.forIdentity(identity).extensionCritical().build();
        assertEquals(identity.publicKey(), Libp2pCertificateVerifier.verify(List.of(certificate)));
    }

    @Test
    void rejectsMalformedExtensions() {
        for (String extnValue : List.of(
                "0400",                       // an OCTET STRING, not a SEQUENCE
                "3000",                       // an empty SEQUENCE
                "30020400",                   // one element
                "3006040004000400",           // three elements
                "30050400020100",             // signature is an INTEGER
                "3004040004000000",           // trailing bytes after the SEQUENCE
                "3006040208010400",           // key protobuf without its Data field
                "3008")) {                    // truncated
            X509Certificate certificate = TestCertificates.forIdentity(IDENTITY)
                    .extensionValue(hex(extnValue))
                    .build();
            Libp2pCertificateException e = assertThrows(Libp2pCertificateException.class,
                    () -> Libp2pCertificateVerifier.verify(List.of(certificate)), extnValue);
            assertEquals(Reason.MALFORMED_EXTENSION, e.reason(), extnValue + ": " + e.getMessage());
        }
    }

    @Test
    void rejectsAnRsaIdentityKeyAsUnsupported() {
        // SEQUENCE { OCTET STRING (PublicKey{Type: RSA, Data: 00}), OCTET STRING 00 }
        X509Certificate certificate = TestCertificates.forIdentity(IDENTITY)
                .extensionValue(hex("300b" + "0406" + "080012020000" + "040100"))
                .build();
        assertReason(Reason.UNSUPPORTED_IDENTITY_KEY, certificate);
    }

    private static Libp2pCertificateException assertReason(Reason reason, X509Certificate certificate) {
        Libp2pCertificateException e = assertThrows(Libp2pCertificateException.class,
                () -> Libp2pCertificateVerifier.verify(List.of(certificate)));
        assertEquals(reason, e.reason(), e.getMessage());
        return e;
    }

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }
}
