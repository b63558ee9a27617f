package io.gsnode.libp2p.crypto;

import java.io.IOException;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import org.bouncycastle.asn1.ASN1Encoding;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.ASN1Sequence;
import org.bouncycastle.asn1.DERSequence;

/** The DER {@code SEQUENCE { r INTEGER, s INTEGER }} form of ECDSA signatures, and SHA-256. */
final class EcdsaSignatures {

    private EcdsaSignatures() {}

    static byte[] encode(BigInteger r, BigInteger s) {
        try {
            return new DERSequence(new ASN1Integer[] {new ASN1Integer(r), new ASN1Integer(s)})
                    .getEncoded(ASN1Encoding.DER);
        } catch (IOException e) {
            throw new IllegalStateException("DER encoding of two integers failed", e);
        }
    }

    /**
     * {@code {r, s}}, or null when {@code der} is not exactly the DER encoding of two integers.
     * BER leniencies (long-form lengths, padded integers, trailing bytes) are refused, as go's
     * parsers refuse them, so a signature has one valid encoding.
     */
    static BigInteger[] decode(byte[] der) {
        try {
            ASN1Primitive primitive = ASN1Primitive.fromByteArray(der);
            if (!(primitive instanceof ASN1Sequence seq) || seq.size() != 2
                    || !(seq.getObjectAt(0) instanceof ASN1Integer r)
                    || !(seq.getObjectAt(1) instanceof ASN1Integer s)) {
                return null;
            }
            if (!Arrays.equals(seq.getEncoded(ASN1Encoding.DER), der)) {
                return null;
            }
            return new BigInteger[] {r.getValue(), s.getValue()};
        } catch (IOException | RuntimeException e) {
            // BouncyCastle reports malformed ASN.1 with IOException and, for some inputs,
            // IllegalArgumentException or IllegalStateException; all mean "not a signature".
            return null;
        }
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always provides SHA-256", e);
        }
    }
}
