package io.gsnode.transport.quic.tls;

import io.gsnode.libp2p.crypto.PrivKey;
import java.io.IOException;
import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.Objects;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * This node's libp2p TLS certificate (docs/wire.md §6.2): a self-signed X.509v3 certificate
 * for a fresh ECDSA P-256 key, carrying the identity key and its signature over that key in the
 * libp2p Public Key Extension. The same certificate serves the client and the server side.
 * Immutable and thread-safe.
 */
public final class Libp2pCertificate {

    /** go: NotBefore is an hour in the past, so a peer whose clock is behind still accepts it. */
    static final Duration BACKDATING = Duration.ofHours(1);
    /** go: {@code certValidityPeriod}, 100 years. */
    static final int VALIDITY_YEARS = 100;
    /**
     * ECDSA P-256 with SHA-256, as go and rust use: agent15 offers no ed25519 signature scheme,
     * and for client authentication maps a "withECDSA" certificate only to
     * ecdsa_secp256r1_sha256 (docs/quic.md §4).
     */
    static final String SIGNATURE_ALGORITHM = "SHA256withECDSA";
    static final String CURVE = "secp256r1";

    private static final SecureRandom RANDOM = new SecureRandom();

    private final X509Certificate certificate;
    private final PrivateKey privateKey;

    private Libp2pCertificate(X509Certificate certificate, PrivateKey privateKey) {
        this.certificate = certificate;
        this.privateKey = privateKey;
    }

    /** A certificate for {@code identity}, valid from an hour ago for 100 years. */
    public static Libp2pCertificate generate(PrivKey identity) {
        return generate(identity, Clock.systemUTC());
    }

    /** As {@link #generate(PrivKey)}, with "now" taken from {@code clock}. */
    public static Libp2pCertificate generate(PrivKey identity, Clock clock) {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(clock, "clock");
        // libp2p TLS spec: the certificate key "SHOULD NOT be related to the host's key".
        KeyPair certificateKey = newP256KeyPair();
        byte[] spki = certificateKey.getPublic().getEncoded();
        SignedKey signedKey = new SignedKey(
                identity.publicKey().bytes(), identity.sign(SignedKey.signedMessage(spki)));

        // X.509 times have whole seconds; truncating keeps the encoded and returned dates equal.
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Date notBefore = Date.from(now.minus(BACKDATING));
        Date notAfter = Date.from(now.atOffset(ZoneOffset.UTC).plusYears(VALIDITY_YEARS).toInstant());
        // go puts only a random serialNumber attribute in the subject. No CN: agent15 would check
        // it as a host name (docs/quic.md §4).
        X500Name subject = new X500NameBuilder(BCStyle.INSTANCE)
                .addRDN(BCStyle.SERIALNUMBER, randomPositive(63).toString())
                .build();

        try {
            X509v3CertificateBuilder builder = new X509v3CertificateBuilder(
                    subject, randomPositive(63), notBefore, notAfter, subject,
                    SubjectPublicKeyInfo.getInstance(spki));
            // Non-critical, as go marks it; rust's critical marking is accepted on receipt.
            builder.addExtension(SignedKey.OID, false, signedKey.encode());
            X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder(SIGNATURE_ALGORITHM)
                            .build(certificateKey.getPrivate())));
            return new Libp2pCertificate(certificate, certificateKey.getPrivate());
        } catch (IOException | OperatorCreationException | GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cannot build the libp2p TLS certificate: " + e.getMessage(), e);
        }
    }

    /** The self-signed certificate to present in the TLS handshake (a chain of one). */
    public X509Certificate certificate() {
        return certificate;
    }

    /** The certificate's EC P-256 private key, which signs the TLS CertificateVerify. */
    public PrivateKey privateKey() {
        return privateKey;
    }

    /**
     * A new in-memory PKCS12 key store holding this certificate and its key as the one entry
     * {@code alias}, protected by {@code password}; what Kwik's {@code ServerConnector} takes
     * ({@code withKeyStore(ks, alias, password, "secp256r1")}).
     */
    public KeyStore keyStore(String alias, char[] password) {
        Objects.requireNonNull(alias, "alias");
        Objects.requireNonNull(password, "password");
        try {
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            keyStore.load(null, null);
            keyStore.setKeyEntry(alias, privateKey, password, new Certificate[] {certificate});
            return keyStore;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cannot put the libp2p TLS certificate in a PKCS12 key store: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "libp2p TLS certificate " + certificate.getSerialNumber().toString(16)
                + " valid until " + certificate.getNotAfter().toInstant();
    }

    private static KeyPair newP256KeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec(CURVE), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(
                    "the JDK cannot generate an EC " + CURVE + " key: " + e.getMessage(), e);
        }
    }

    /** RFC 5280 §4.1.2.2: serial numbers are positive (and at most 20 octets). */
    private static BigInteger randomPositive(int bits) {
        BigInteger value;
        do {
            value = new BigInteger(bits, RANDOM);
        } while (value.signum() == 0);
        return value;
    }
}
