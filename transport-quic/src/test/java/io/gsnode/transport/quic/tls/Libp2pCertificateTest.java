package io.gsnode.transport.quic.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.Ecdsa;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.Secp256k1;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.junit.jupiter.api.Test;

class Libp2pCertificateTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");

    @Test
    void roundTripsAnEd25519Identity() throws Exception {
        PrivKey identity = Ed25519.generate();
        Libp2pCertificate generated = Libp2pCertificate.generate(identity);
        assertEquals(identity.publicKey(), Libp2pCertificateVerifier.verify(List.of(generated.certificate())));
    }

    @Test
    void roundTripsASecp256k1Identity() throws Exception {
        PrivKey identity = Secp256k1.generate();
        Libp2pCertificate generated = Libp2pCertificate.generate(identity);
        assertEquals(identity.publicKey(), Libp2pCertificateVerifier.verify(List.of(generated.certificate())));
    }

    @Test
    void roundTripsAnEcdsaIdentity() throws Exception {
        PrivKey identity = Ecdsa.generate();
        Libp2pCertificate generated = Libp2pCertificate.generate(identity);
        assertEquals(identity.publicKey(), Libp2pCertificateVerifier.verify(List.of(generated.certificate())));
    }

    @Test
    void roundTripsAfterDerEncodingAndReparsing() throws Exception {
        PrivKey identity = Ed25519.fromIndex(7);
        X509Certificate reparsed =
                TestCertificates.parse(Libp2pCertificate.generate(identity).certificate().getEncoded());
        assertEquals(identity.publicKey(), Libp2pCertificateVerifier.verify(List.of(reparsed)));
    }

    @Test
    void isASelfSignedP256CertificateShapedLikeGos() throws Exception {
        X509Certificate certificate =
                Libp2pCertificate.generate(Ed25519.fromIndex(1), Clock.fixed(NOW, ZoneOffset.UTC)).certificate();
        assertEquals(3, certificate.getVersion());
        assertEquals("SHA256withECDSA", certificate.getSigAlgName());
        assertEquals("1.2.840.10045.4.3.2", certificate.getSigAlgOID());
        ECPublicKey key = (ECPublicKey) certificate.getPublicKey();
        assertEquals(256, key.getParams().getCurve().getField().getFieldSize());
        assertEquals(91, key.getEncoded().length, "named-curve P-256 SubjectPublicKeyInfo");
        assertEquals(1, certificate.getSerialNumber().signum(), "serial number is positive");
        assertEquals(certificate.getSubjectX500Principal(), certificate.getIssuerX500Principal());
        X500Name subject = X500Name.getInstance(certificate.getSubjectX500Principal().getEncoded());
        assertEquals(1, subject.getRDNs().length);
        assertEquals(1, subject.getRDNs(BCStyle.SERIALNUMBER).length);
        assertEquals(0, subject.getRDNs(BCStyle.CN).length, "no CN for agent15 to check as a host name");
        assertNull(certificate.getIssuerUniqueID());
        assertNull(certificate.getSubjectUniqueID());
    }

    @Test
    void isValidFromAnHourAgoForAHundredYears() throws Exception {
        X509Certificate certificate =
                Libp2pCertificate.generate(Ed25519.fromIndex(1), Clock.fixed(NOW, ZoneOffset.UTC)).certificate();
        assertEquals(Instant.parse("2025-06-01T11:00:00Z"), certificate.getNotBefore().toInstant());
        assertEquals(Instant.parse("2125-06-01T12:00:00Z"), certificate.getNotAfter().toInstant());
    }

    @Test
    void carriesTheLibp2pExtensionNonCritical() {
        X509Certificate certificate = Libp2pCertificate.generate(Ed25519.fromIndex(1)).certificate();
        assertEquals(Set.of("1.3.6.1.4.1.53594.1.1"), certificate.getNonCriticalExtensionOIDs());
        Set<String> critical = certificate.getCriticalExtensionOIDs();
        assertTrue(critical == null || critical.isEmpty(), "critical: " + critical);
    }

    @Test
    void usesAFreshKeyUnrelatedToTheIdentity() {
        PrivKey identity = Ed25519.fromIndex(1);
        Libp2pCertificate first = Libp2pCertificate.generate(identity);
        Libp2pCertificate second = Libp2pCertificate.generate(identity);
        assertNotEquals(first.certificate().getPublicKey(), second.certificate().getPublicKey());
        assertEquals("EC", first.privateKey().getAlgorithm());
        assertFalse(first.certificate().getSerialNumber().equals(second.certificate().getSerialNumber()));
    }

    @Test
    void putsCertificateAndKeyInAPkcs12KeyStore() throws Exception {
        Libp2pCertificate generated = Libp2pCertificate.generate(Ed25519.fromIndex(1));
        char[] password = "secret".toCharArray();
        KeyStore keyStore = generated.keyStore("libp2p", password);
        assertEquals("PKCS12", keyStore.getType());
        assertEquals(1, keyStore.size());
        assertTrue(keyStore.isKeyEntry("libp2p"));
        assertArrayEquals(generated.privateKey().getEncoded(), keyStore.getKey("libp2p", password).getEncoded());
        assertNotNull(keyStore.getCertificateChain("libp2p"));
        assertEquals(1, keyStore.getCertificateChain("libp2p").length);
        assertEquals(generated.certificate(), keyStore.getCertificate("libp2p"));
    }
}
