package io.gsnode.transport.quic.tls;

import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.crypto.UnsupportedKeyException;
import io.gsnode.transport.quic.tls.Libp2pCertificateException.Reason;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.SignatureException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.x509.TBSCertificate;

/**
 * Checks a peer's libp2p TLS certificate chain and returns the identity key it proves (steps 1-5
 * of docs/wire.md §6.3). Both sides run it: the client on the server's chain, the server on the
 * client's. Comparing the key's peer ID with the one dialed is the caller's step 6 (see {@link
 * Libp2pTrustManager}). Stateless and thread-safe.
 */
public final class Libp2pCertificateVerifier {

    private static final String OID = SignedKey.OID.getId();

    private Libp2pCertificateVerifier() {}

    /** {@link #verify(List)} for the array form JSSE and Kwik's trust managers receive. */
    public static PubKey verify(X509Certificate[] chain) throws Libp2pCertificateException {
        return verify(chain == null ? List.of() : Arrays.asList(chain), Instant.now());
    }

    /**
     * Verifies {@code chain} at the current time.
     *
     * @return the remote peer's identity key
     * @throws Libp2pCertificateException naming the check that failed
     */
    public static PubKey verify(List<X509Certificate> chain) throws Libp2pCertificateException {
        return verify(chain, Instant.now());
    }

    /** As {@link #verify(List)}, checking validity at {@code now}. */
    public static PubKey verify(List<X509Certificate> chain, Instant now)
            throws Libp2pCertificateException {
        Objects.requireNonNull(now, "now");
        X509Certificate certificate = onlyCertificate(chain);
        try {
            checkValidity(certificate, now);
            checkSelfSignature(certificate);
            byte[] extnValue = libp2pExtension(certificate);
            checkCriticalExtensions(certificate);
            return verifySignedKey(certificate, extnValue);
        } catch (RuntimeException malformed) {
            // A certificate BouncyCastle parsed leniently can fail later, in an accessor: its
            // public key is not a point, for one (found by CertificatePathFuzzTest).
            throw new Libp2pCertificateException(Libp2pCertificateException.Reason.MALFORMED_CERTIFICATE,
                    "malformed certificate: " + malformed.getMessage(), malformed);
        }
    }

    /**
     * Step 1. libp2p TLS spec: "Endpoints MUST abort the connection attempt if more than one
     * certificate is received".
     */
    private static X509Certificate onlyCertificate(List<X509Certificate> chain)
            throws Libp2pCertificateException {
        int length = chain == null ? 0 : chain.size();
        if (length != 1) {
            throw new Libp2pCertificateException(Reason.CHAIN_LENGTH,
                    "libp2p TLS requires exactly 1 self-signed certificate, the peer presented "
                            + length);
        }
        X509Certificate certificate = chain.get(0);
        if (certificate == null) {
            throw new Libp2pCertificateException(Reason.CHAIN_LENGTH,
                    "libp2p TLS requires exactly 1 self-signed certificate, the chain holds null");
        }
        return certificate;
    }

    /** Step 2: NotBefore ≤ now ≤ NotAfter. */
    private static void checkValidity(X509Certificate certificate, Instant now)
            throws Libp2pCertificateException {
        try {
            certificate.checkValidity(Date.from(now));
        } catch (CertificateExpiredException e) {
            throw new Libp2pCertificateException(Reason.EXPIRED,
                    "certificate expired: NotAfter " + certificate.getNotAfter().toInstant()
                            + " is before now (" + now + ")", e);
        } catch (CertificateNotYetValidException e) {
            throw new Libp2pCertificateException(Reason.NOT_YET_VALID,
                    "certificate is not yet valid: NotBefore " + certificate.getNotBefore().toInstant()
                            + " is after now (" + now + ")", e);
        }
    }

    /** Step 3. libp2p TLS spec: abort "if the certificate's self-signature is not valid". */
    private static void checkSelfSignature(X509Certificate certificate)
            throws Libp2pCertificateException {
        try {
            certificate.verify(certificate.getPublicKey());
        } catch (SignatureException e) {
            throw new Libp2pCertificateException(Reason.BAD_SELF_SIGNATURE,
                    "certificate is not signed by its own " + certificate.getPublicKey().getAlgorithm()
                            + " key (" + certificate.getSigAlgName() + "): " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            // An algorithm or key the JDK cannot use: the signature cannot be checked, so it is
            // not accepted.
            throw new Libp2pCertificateException(Reason.BAD_SELF_SIGNATURE,
                    "cannot check the certificate's self-signature (" + certificate.getSigAlgName()
                            + " with a " + certificate.getPublicKey().getAlgorithm() + " key): "
                            + e.getMessage(), e);
        }
    }

    /** Step 4, first half: the extension's extnValue, out of the OCTET STRING the JDK wraps it in. */
    private static byte[] libp2pExtension(X509Certificate certificate)
            throws Libp2pCertificateException {
        byte[] wrapped = certificate.getExtensionValue(OID);
        if (wrapped == null) {
            throw new Libp2pCertificateException(Reason.MISSING_EXTENSION,
                    "certificate has no libp2p Public Key Extension (" + OID + ")");
        }
        try {
            if (ASN1Primitive.fromByteArray(wrapped) instanceof ASN1OctetString octets) {
                return octets.getOctets();
            }
        } catch (IOException | RuntimeException e) {
            throw new Libp2pCertificateException(Reason.MALFORMED_EXTENSION,
                    "libp2p Public Key Extension value is not an OCTET STRING: " + e.getMessage(), e);
        }
        throw new Libp2pCertificateException(Reason.MALFORMED_EXTENSION,
                "libp2p Public Key Extension value is not an OCTET STRING");
    }

    /**
     * Step 4, second half. libp2p TLS spec: "Endpoints MUST abort the connection attempt if the
     * certificate contains critical extensions that the endpoint does not understand." The
     * libp2p extension is the only one this node acts on, so it is the only critical one allowed.
     */
    private static void checkCriticalExtensions(X509Certificate certificate)
            throws Libp2pCertificateException {
        Set<String> critical = certificate.getCriticalExtensionOIDs();
        if (critical == null) {
            return;
        }
        Set<String> unknown = new TreeSet<>(critical);
        unknown.remove(OID);
        if (!unknown.isEmpty()) {
            throw new Libp2pCertificateException(Reason.UNKNOWN_CRITICAL_EXTENSION,
                    "certificate has critical extension(s) " + unknown
                            + " that libp2p TLS does not understand; only " + OID + " may be critical");
        }
    }

    /** Step 5: the identity key signed "libp2p-tls-handshake:" ‖ this certificate's SPKI. */
    private static PubKey verifySignedKey(X509Certificate certificate, byte[] extnValue)
            throws Libp2pCertificateException {
        SignedKey signedKey;
        PubKey identity;
        try {
            signedKey = SignedKey.decode(extnValue);
            identity = PubKey.unmarshal(signedKey.publicKey());
        } catch (UnsupportedKeyException e) {
            throw new Libp2pCertificateException(Reason.UNSUPPORTED_IDENTITY_KEY,
                    "libp2p Public Key Extension holds an unsupported identity key: " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new Libp2pCertificateException(Reason.MALFORMED_EXTENSION,
                    "malformed libp2p Public Key Extension: " + e.getMessage(), e);
        }
        if (!identity.verify(SignedKey.signedMessage(subjectPublicKeyInfo(certificate)),
                signedKey.signature())) {
            throw new Libp2pCertificateException(Reason.BAD_EXTENSION_SIGNATURE,
                    "libp2p Public Key Extension signature does not verify: the " + identity.type()
                            + " identity key did not sign this certificate's key");
        }
        return identity;
    }

    /**
     * The SubjectPublicKeyInfo exactly as the certificate encodes it (go signs and checks {@code
     * RawSubjectPublicKeyInfo}), rather than the JDK's re-encoding of the parsed key.
     */
    private static byte[] subjectPublicKeyInfo(X509Certificate certificate)
            throws Libp2pCertificateException {
        try {
            return LenientX509Provider.allowingEmptyIssuer(() -> TBSCertificate.getInstance(certificate.getTBSCertificate()))
                    .getSubjectPublicKeyInfo()
                    .getEncoded(ASN1Encoding.DER);
        } catch (CertificateException | IOException | RuntimeException e) {
            throw new Libp2pCertificateException(Reason.BAD_EXTENSION_SIGNATURE,
                    "cannot read the certificate's SubjectPublicKeyInfo: " + e.getMessage(), e);
        }
    }
}
