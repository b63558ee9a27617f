package io.gsnode.transport.quic.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gsnode.libp2p.crypto.KeyType;
import io.gsnode.libp2p.crypto.PubKey;
import java.io.ByteArrayInputStream;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A certificate as js-libp2p's QUIC (rust libp2p-tls, rcgen) sends it: empty issuer and subject,
 * a critical libp2p extension. Captured from interop/js on 2026-12-02.
 */
class RustLibp2pCertificateTest {

    private static final byte[] RCGEN_CERTIFICATE = HexFormat.of().parseHex(
            "3082018330820129a003020102021450733f605855d408c1dbfc015a0aa2113448eecc300a06082a8648ce3d04030230003020170d3735303130313030303030305a180f34303936303130313030303030305a30003059301306072a8648ce3d020106082a8648ce3d030107034200049ce7a940250ccc500691bf898f2645ae06cc3f810a55cdb9e59c9179e44bcbdb5f2161fc4823eb1da07a81591603660408f57cb66e586724d1a0dc47bd740ec2a37f307d307b060a2b0601040183a25a01010101ff046a3068042408011220a9c16303002d86ba1da812e358bf84743d8d0554d3ba5d01593e78a11d15e30204401a8e39f7c03e1abbd8b6f57c427f5be3c3addbe1596561bc2301f5a19fd5d3a50b00e5520ca02b3ab6ef6ec446370ad0897dcf5a8da422bfd9e1adceaf0adc0a300a06082a8648ce3d0403020348003045022100f91f1edebe416a77bcb7164ee417fec62b408bb14effea36be0f126da36598a602200a4c112a9d4443465abfeabbf4d9963372f6bdec343da45fab4a7e4fcce7e0b2");

    @Test
    void theJdkAloneRefusesAnEmptyIssuer() {
        CertificateException e = assertThrows(CertificateException.class, () -> CertificateFactory.getInstance("X.509", "SUN")
                .generateCertificate(new ByteArrayInputStream(RCGEN_CERTIFICATE)));
        assertEquals("Empty issuer DN not allowed in X509Certificates", e.getMessage());
    }

    @Test
    void theLenientProviderParsesItAndTheLibp2pChecksPass() throws Exception {
        LenientX509Provider.install();
        X509Certificate cert = (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(RCGEN_CERTIFICATE));
        PubKey identity = Libp2pCertificateVerifier.verify(List.of(cert));
        assertEquals(KeyType.ED25519, identity.type());
    }
}
