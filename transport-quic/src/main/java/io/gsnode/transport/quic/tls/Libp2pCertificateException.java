package io.gsnode.transport.quic.tls;

import java.security.cert.CertificateException;
import java.util.Objects;

/**
 * A peer's certificate failed libp2p TLS verification (docs/wire.md §6.3). The handshake must
 * be aborted. {@link #reason()} says which check failed; the message says what was found.
 */
public final class Libp2pCertificateException extends CertificateException {

    private static final long serialVersionUID = 1L;

    /** The check that failed, in the order the verifier runs them. */
    public enum Reason {
        /** The peer presented no certificate, or more than one. */
        CHAIN_LENGTH,
        /** The certificate parsed, but a part of it does not (its public key is not a point, say). */
        MALFORMED_CERTIFICATE,
        /** NotBefore is in the future. */
        NOT_YET_VALID,
        /** NotAfter is in the past. */
        EXPIRED,
        /** The certificate is not signed by its own key, or with an algorithm the JDK lacks. */
        BAD_SELF_SIGNATURE,
        /** No extension 1.3.6.1.4.1.53594.1.1. */
        MISSING_EXTENSION,
        /** A critical extension other than the libp2p one. */
        UNKNOWN_CRITICAL_EXTENSION,
        /**
         * The extension is not {@code SEQUENCE {OCTET STRING, OCTET STRING}}, or its key is not a
         * well-formed {@code PublicKey} protobuf.
         */
        MALFORMED_EXTENSION,
        /** The identity key in the extension is of a type this node does not support (RSA). */
        UNSUPPORTED_IDENTITY_KEY,
        /** The identity key did not sign this certificate's key. */
        BAD_EXTENSION_SIGNATURE,
        /** Valid, but for a peer other than the one dialed. */
        UNEXPECTED_PEER
    }

    private final Reason reason;

    public Libp2pCertificateException(Reason reason, String message) {
        super(message);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Libp2pCertificateException(Reason reason, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    public Reason reason() {
        return reason;
    }
}
