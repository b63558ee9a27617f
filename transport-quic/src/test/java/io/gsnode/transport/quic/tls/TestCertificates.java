package io.gsnode.transport.quic.tls;

import io.gsnode.libp2p.crypto.PrivKey;
import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERNull;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.SubjectPublicKeyInfo;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Builds certificates that deviate from a valid libp2p certificate in one chosen way. It encodes
 * the extension itself rather than through {@link SignedKey}, so the tests do not trust the code
 * they check.
 */
final class TestCertificates {

    static final ASN1ObjectIdentifier LIBP2P_OID = new ASN1ObjectIdentifier("1.3.6.1.4.1.53594.1.1");
    /** A private-arc OID nobody understands. */
    static final ASN1ObjectIdentifier UNKNOWN_OID = new ASN1ObjectIdentifier("1.3.6.1.4.1.99999.7");

    private final PrivKey identity;
    private PrivKey extensionSigner;
    private boolean withExtension = true;
    private boolean extensionCritical;
    private byte[] rawExtensionValue;
    private Instant notBefore = Instant.now().minus(Duration.ofHours(1));
    private Instant notAfter = Instant.now().plus(Duration.ofDays(1));
    private final List<Extra> extras = new ArrayList<>();

    private record Extra(ASN1ObjectIdentifier oid, boolean critical) {}

    private TestCertificates(PrivKey identity) {
        this.identity = identity;
        this.extensionSigner = identity;
    }

    /** A valid libp2p certificate for {@code identity}, until a setter below spoils it. */
    static TestCertificates forIdentity(PrivKey identity) {
        return new TestCertificates(identity);
    }

    /** The extension carries {@code identity}'s key but {@code signer}'s signature. */
    TestCertificates signedBy(PrivKey signer) {
        this.extensionSigner = signer;
        return this;
    }

    TestCertificates withoutExtension() {
        this.withExtension = false;
        return this;
    }

    TestCertificates extensionCritical() {
        this.extensionCritical = true;
        return this;
    }

    /** Replaces the whole extnValue. */
    TestCertificates extensionValue(byte[] extnValue) {
        this.rawExtensionValue = extnValue.clone();
        return this;
    }

    TestCertificates validity(Instant notBefore, Instant notAfter) {
        this.notBefore = notBefore;
        this.notAfter = notAfter;
        return this;
    }

    /** Adds an extension with an unknown OID and a NULL value. */
    TestCertificates unknownExtension(boolean critical) {
        extras.add(new Extra(UNKNOWN_OID, critical));
        return this;
    }

    /** A certificate and the private key of its certificate key, to serve it from a TLS server. */
    record Issued(X509Certificate certificate, PrivateKey key) {}

    X509Certificate build() {
        return issue().certificate();
    }

    Issued issue() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair key = generator.generateKeyPair();
            byte[] spki = key.getPublic().getEncoded();
            X500Name name = new X500Name("SERIALNUMBER=1");
            X509v3CertificateBuilder builder = new X509v3CertificateBuilder(name, BigInteger.valueOf(42),
                    Date.from(notBefore), Date.from(notAfter), name, SubjectPublicKeyInfo.getInstance(spki));
            if (withExtension) {
                builder.addExtension(LIBP2P_OID, extensionCritical,
                        rawExtensionValue != null ? rawExtensionValue : signedKey(spki));
            }
            for (Extra extra : extras) {
                builder.addExtension(extra.oid(), extra.critical(), DERNull.INSTANCE);
            }
            return new Issued(new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(key.getPrivate()))), key.getPrivate());
        } catch (Exception e) {
            throw new IllegalStateException("test certificate: " + e.getMessage(), e);
        }
    }

    private byte[] signedKey(byte[] spki) throws Exception {
        byte[] prefix = "libp2p-tls-handshake:".getBytes(StandardCharsets.US_ASCII);
        byte[] message = new byte[prefix.length + spki.length];
        System.arraycopy(prefix, 0, message, 0, prefix.length);
        System.arraycopy(spki, 0, message, prefix.length, spki.length);
        return new DERSequence(new ASN1Encodable[] {
                new DEROctetString(identity.publicKey().bytes()),
                new DEROctetString(extensionSigner.sign(message))
        }).getEncoded();
    }

    /** Parses a DER certificate with the JDK, as agent15 does. */
    static X509Certificate parse(byte[] der) {
        try {
            return (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        } catch (Exception e) {
            throw new IllegalStateException("cannot parse test certificate: " + e.getMessage(), e);
        }
    }

    static X509Certificate parseHex(String hex) {
        return parse(HexFormat.of().parseHex(hex));
    }
}
