package io.gsnode.transport.quic.tls;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.NoSuchProviderException;
import java.security.Provider;
import java.security.Security;
import java.security.cert.CRL;
import java.security.cert.CRLException;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.CertificateFactorySpi;
import java.util.Collection;
import org.bouncycastle.util.Properties;

/**
 * Lets TLS stacks that ask the JCA for "X.509" (agent15 does) read every certificate libp2p allows.
 *
 * <p>rust-libp2p, and with it js-libp2p's QUIC, sends certificates with an empty issuer and
 * subject: the libp2p TLS spec puts no requirement on them. The JDK's parser refuses those
 * outright ("Empty issuer DN not allowed in X509Certificates"). This provider serves only
 * {@code CertificateFactory.X.509}: it parses with the JDK and, for what the JDK refuses, with
 * BouncyCastle. Whatever it parses still goes through {@link Libp2pCertificateVerifier}.
 */
public final class LenientX509Provider extends Provider {

    private static final long serialVersionUID = 1L;
    private static final String NAME = "gsnode-lenient-x509";

    private LenientX509Provider() {
        super(NAME, "1.0", "X.509 certificate parsing that accepts empty distinguished names");
        put("CertificateFactory.X.509", Factory.class.getName());
    }

    /** Installs the provider ahead of the JDK's, once per process. */
    public static synchronized void install() {
        if (Security.getProvider(NAME) == null) {
            Security.insertProviderAt(new LenientX509Provider(), 1);
        }
    }

    private static final String ALLOW_EMPTY_ISSUER = "org.bouncycastle.x509.allow_empty_issuer_cert";

    /** A BouncyCastle parse that tolerates an empty issuer; BouncyCastle refuses one unless told, per thread. */
    static <T, E extends Exception> T allowingEmptyIssuer(Parse<T, E> parse) throws E {
        boolean wasSet = Properties.isOverrideSet(ALLOW_EMPTY_ISSUER);
        Properties.setThreadOverride(ALLOW_EMPTY_ISSUER, true);
        try {
            return parse.run();
        } finally {
            if (!wasSet) Properties.removeThreadOverride(ALLOW_EMPTY_ISSUER);
        }
    }

    /** A parse step that may throw {@code E}. */
    @FunctionalInterface
    interface Parse<T, E extends Exception> {
        T run() throws E;
    }

    /** JDK first; BouncyCastle for what the JDK will not read. */
    public static final class Factory extends CertificateFactorySpi {

        private final CertificateFactory jdk;
        private final org.bouncycastle.jcajce.provider.asymmetric.x509.CertificateFactory bouncyCastle =
                new org.bouncycastle.jcajce.provider.asymmetric.x509.CertificateFactory();

        public Factory() throws CertificateException {
            try {
                jdk = CertificateFactory.getInstance("X.509", "SUN");
            } catch (NoSuchProviderException e) {
                throw new CertificateException("the JDK's SUN provider is missing", e);
            }
        }

        @Override
        public Certificate engineGenerateCertificate(InputStream in) throws CertificateException {
            byte[] der;
            try {
                der = in.readAllBytes();
            } catch (IOException e) {
                throw new CertificateException("cannot read certificate bytes", e);
            }
            try {
                return jdk.generateCertificate(new ByteArrayInputStream(der));
            } catch (CertificateException refused) {
                try {
                    return allowingEmptyIssuer(() -> bouncyCastle.engineGenerateCertificate(new ByteArrayInputStream(der)));
                } catch (CertificateException | RuntimeException alsoRefused) {
                    refused.addSuppressed(alsoRefused);
                    throw refused;
                }
            }
        }

        @Override
        public Collection<? extends Certificate> engineGenerateCertificates(InputStream in) throws CertificateException {
            return jdk.generateCertificates(in);
        }

        @Override
        public CRL engineGenerateCRL(InputStream in) throws CRLException {
            return jdk.generateCRL(in);
        }

        @Override
        public Collection<? extends CRL> engineGenerateCRLs(InputStream in) throws CRLException {
            return jdk.generateCRLs(in);
        }
    }
}
