package io.gsnode.libp2p.crypto;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A libp2p public key: an identity that can check signatures and that peer IDs are derived from.
 * Immutable and thread-safe. Two keys are equal when their {@link #bytes()} are.
 */
public abstract class PubKey {

    private final KeyType type;
    private final byte[] raw;
    private final byte[] bytes;

    /** Package-private: the key types are exactly the subclasses in this package. */
    PubKey(KeyType type, byte[] raw) {
        this.type = type;
        this.raw = raw.clone();
        this.bytes = KeyProtobuf.encode(type, raw);
    }

    public final KeyType type() {
        return type;
    }

    /** The protobuf {@code Data} field: the key in its type's own encoding (docs/wire.md §1.1). */
    public final byte[] raw() {
        return raw.clone();
    }

    /** The deterministic {@code PublicKey} protobuf, {@code 08 <type> 12 <len> <data>}. */
    public final byte[] bytes() {
        return bytes.clone();
    }

    /**
     * Checks {@code signature} over {@code data} under this key's signature scheme.
     *
     * @return false for a wrong, malformed or oddly sized signature; never throws for one
     */
    public abstract boolean verify(byte[] data, byte[] signature);

    /**
     * Parses a {@code PublicKey} protobuf.
     *
     * @throws UnsupportedKeyException for RSA or an unknown key type
     * @throws IllegalArgumentException for a malformed message or key
     */
    public static PubKey unmarshal(byte[] protobuf) {
        KeyProtobuf.Fields fields = KeyProtobuf.decode(protobuf, "PublicKey");
        KeyType type = KeyProtobuf.keyType(fields.typeCode());
        return switch (type) {
            case ED25519 -> Ed25519.publicKey(fields.data());
            case SECP256K1 -> Secp256k1.publicKey(fields.data());
            case ECDSA -> Ecdsa.publicKey(fields.data());
            case RSA -> throw new UnsupportedKeyException(
                    "RSA public keys are not supported (only Ed25519, Secp256k1 and ECDSA P-256)");
        };
    }

    @Override
    public final boolean equals(Object o) {
        return o instanceof PubKey k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public final int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return type + " public key " + HexFormat.of().formatHex(raw);
    }
}
