package io.gsnode.libp2p.crypto;

/** A key of a type or curve this implementation cannot use (RSA, an unknown type, not P-256). */
public final class UnsupportedKeyException extends IllegalArgumentException {

    public UnsupportedKeyException(String message) {
        super(message);
    }
}
