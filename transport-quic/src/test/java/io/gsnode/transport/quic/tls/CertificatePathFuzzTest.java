package io.gsnode.transport.quic.tls;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.testing.Mutations;
import java.io.ByteArrayInputStream;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * A peer's certificate is remote bytes: whatever DER a TLS handshake hands us is parsed (the
 * JDK, then BouncyCastle for what the JDK refuses) and checked as a libp2p certificate, or refused
 * with a {@link CertificateException}, never another exception. Tries: -Djqwik.tries.
 */
class CertificatePathFuzzTest {

    static final byte[] VALID;

    static {
        LenientX509Provider.install();
        try {
            VALID = Libp2pCertificate.generate(Ed25519.fromIndex(7)).certificate().getEncoded();
        } catch (CertificateEncodingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Property
    void randomBytesAreACertificateOrRefused(@ForAll @Size(max = 1024) byte[] der) {
        checkOrRefuse(der);
    }

    @Property
    void aValidCertificateWithBytesChangedIsCheckedOrRefused(@ForAll long seed) {
        checkOrRefuse(Mutations.of(VALID, seed));
    }

    static void checkOrRefuse(byte[] der) {
        try {
            X509Certificate c = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(der));
            Libp2pCertificateVerifier.verify(List.of(c));
        } catch (CertificateException refused) {
            // the handshake fails and the connection is counted as a security failure
        }
    }
}
