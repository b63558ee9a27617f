package io.gsnode.libp2p.crypto;

/** The {@code KeyType} enum of the libp2p key protobufs, with its wire codes. */
public enum KeyType {
    RSA(0),
    ED25519(1),
    SECP256K1(2),
    ECDSA(3);

    private final int code;

    KeyType(int code) {
        this.code = code;
    }

    /** The protobuf enum value. */
    public int code() {
        return code;
    }

    /** @throws UnsupportedKeyException for a code outside 0..3 */
    public static KeyType of(int code) {
        for (KeyType t : values()) {
            if (t.code == code) {
                return t;
            }
        }
        throw new UnsupportedKeyException(
                "unknown key type " + code + " (known: 0 RSA, 1 Ed25519, 2 Secp256k1, 3 ECDSA)");
    }
}
