package io.gsnode.libp2p.crypto;

import java.security.MessageDigest;

/**
 * A libp2p private key. Immutable and thread-safe; {@link #toString()} never shows secret bytes.
 */
public abstract class PrivKey {

    private final KeyType type;

    /** Package-private: the key types are exactly the subclasses in this package. */
    PrivKey(KeyType type) {
        this.type = type;
    }

    public final KeyType type() {
        return type;
    }

    /** Signs {@code data} with this key's scheme (docs/wire.md §1.1, the signature column). */
    public abstract byte[] sign(byte[] data);

    public abstract PubKey publicKey();

    /** The protobuf {@code Data} field (secret). */
    abstract byte[] raw();

    /** The {@code PrivateKey} protobuf, {@code 08 <type> 12 <len> <data>}, as go stores keys. */
    public final byte[] bytes() {
        return KeyProtobuf.encode(type, raw());
    }

    /**
     * Parses a {@code PrivateKey} protobuf: Ed25519 (64-byte seed‖public, or the legacy 96-byte
     * seed‖public‖public), Secp256k1 (32-byte scalar) or ECDSA (SEC 1 DER, P-256).
     *
     * @throws UnsupportedKeyException for RSA or an unknown key type
     * @throws IllegalArgumentException for a malformed message or key
     */
    public static PrivKey unmarshal(byte[] protobuf) {
        KeyProtobuf.Fields fields = KeyProtobuf.decode(protobuf, "PrivateKey");
        KeyType type = KeyProtobuf.keyType(fields.typeCode());
        return switch (type) {
            case ED25519 -> Ed25519.fromPrivateData(fields.data());
            case SECP256K1 -> Secp256k1.fromPrivate(fields.data());
            case ECDSA -> Ecdsa.fromPrivateDer(fields.data());
            case RSA -> throw new UnsupportedKeyException(
                    "RSA private keys are not supported (only Ed25519, Secp256k1 and ECDSA P-256)");
        };
    }

    @Override
    public final boolean equals(Object o) {
        // Constant time, in case a key is ever compared with one an attacker chose.
        return o instanceof PrivKey k && MessageDigest.isEqual(bytes(), k.bytes());
    }

    @Override
    public final int hashCode() {
        return publicKey().hashCode();
    }

    @Override
    public String toString() {
        return type + " private key for " + publicKey();
    }
}
