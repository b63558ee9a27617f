package io.gsnode.transport.quic.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.bouncycastle.asn1.ASN1BitString;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Null;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.ASN1Set;
import org.bouncycastle.asn1.ASN1TaggedObject;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;

/**
 * The value of the libp2p Public Key Extension: the host's identity key and its signature over the
 * certificate key (libp2p TLS spec, "libp2p Public Key Extension").
 *
 * <pre>SignedKey ::= SEQUENCE { publicKey OCTET STRING, signature OCTET STRING }</pre>
 */
final class SignedKey {

    /** IANA PEN 53594 (libp2p), allocated by the libp2p TLS spec. */
    static final ASN1ObjectIdentifier OID = new ASN1ObjectIdentifier("1.3.6.1.4.1.53594.1.1");

    /** libp2p TLS spec: the identity key signs this prefix followed by the SubjectPublicKeyInfo. */
    private static final byte[] SIGNATURE_PREFIX =
            "libp2p-tls-handshake:".getBytes(StandardCharsets.US_ASCII);

    private final byte[] publicKey;
    private final byte[] signature;

    /**
     * @param publicKey the identity key's {@code PublicKey} protobuf
     * @param signature the identity key's signature over {@link #signedMessage(byte[])}
     */
    SignedKey(byte[] publicKey, byte[] signature) {
        this.publicKey = publicKey.clone();
        this.signature = signature.clone();
    }

    byte[] publicKey() {
        return publicKey.clone();
    }

    byte[] signature() {
        return signature.clone();
    }

    /** What the identity key signs for a certificate whose DER SubjectPublicKeyInfo is {@code spki}. */
    static byte[] signedMessage(byte[] spki) {
        byte[] message = new byte[SIGNATURE_PREFIX.length + spki.length];
        System.arraycopy(SIGNATURE_PREFIX, 0, message, 0, SIGNATURE_PREFIX.length);
        System.arraycopy(spki, 0, message, SIGNATURE_PREFIX.length, spki.length);
        return message;
    }

    /** The DER extnValue. */
    byte[] encode() {
        try {
            return new DERSequence(new ASN1Encodable[] {
                    new DEROctetString(publicKey), new DEROctetString(signature)
            }).getEncoded(ASN1Encoding.DER);
        } catch (IOException e) {
            throw new IllegalStateException("cannot DER-encode the libp2p SignedKey: " + e.getMessage(), e);
        }
    }

    /**
     * Parses an extnValue: exactly a SEQUENCE of two OCTET STRINGs, nothing after it.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    static SignedKey decode(byte[] extnValue) {
        ASN1Primitive parsed;
        try {
            // fromByteArray refuses trailing bytes after the first object.
            parsed = ASN1Primitive.fromByteArray(extnValue);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("SignedKey is not valid ASN.1: " + e.getMessage(), e);
        }
        if (!(parsed instanceof ASN1Sequence sequence)) {
            throw new IllegalArgumentException(
                    "SignedKey has ASN.1 type " + typeName(parsed) + ", expected SEQUENCE");
        }
        if (sequence.size() != 2) {
            throw new IllegalArgumentException(
                    "SignedKey SEQUENCE has " + sequence.size() + " element(s), expected 2"
                            + " (publicKey, signature)");
        }
        return new SignedKey(octets(sequence, 0, "publicKey"), octets(sequence, 1, "signature"));
    }

    private static byte[] octets(ASN1Sequence sequence, int index, String field) {
        ASN1Encodable element;
        try {
            element = sequence.getObjectAt(index);
        } catch (RuntimeException e) {
            // A lazily parsed sequence reports bad inner encodings only when an element is read.
            throw new IllegalArgumentException(
                    "SignedKey " + field + " is not valid ASN.1: " + e.getMessage(), e);
        }
        if (!(element instanceof ASN1OctetString octetString)) {
            throw new IllegalArgumentException(
                    "SignedKey " + field + " has ASN.1 type " + typeName(element)
                            + ", expected OCTET STRING");
        }
        return octetString.getOctets();
    }

    /** The ASN.1 name of what was found, for error messages. */
    private static String typeName(ASN1Encodable value) {
        if (value instanceof ASN1Sequence) return "SEQUENCE";
        if (value instanceof ASN1Set) return "SET";
        if (value instanceof ASN1OctetString) return "OCTET STRING";
        if (value instanceof ASN1BitString) return "BIT STRING";
        if (value instanceof ASN1Integer) return "INTEGER";
        if (value instanceof ASN1Null) return "NULL";
        if (value instanceof ASN1ObjectIdentifier) return "OBJECT IDENTIFIER";
        if (value instanceof ASN1TaggedObject tagged) return "[" + tagged.getTagNo() + "] (tagged)";
        return value.getClass().getSimpleName();
    }
}
