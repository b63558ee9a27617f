package io.gsnode.libp2p.crypto;

import io.gsnode.libp2p.protobuf.ProtoReader;
import io.gsnode.libp2p.protobuf.ProtoWriter;
import io.gsnode.libp2p.protobuf.WireType;

/**
 * The {@code PublicKey} and {@code PrivateKey} messages, which share one shape:
 * {@code required KeyType Type = 1; required bytes Data = 2;}.
 */
final class KeyProtobuf {

    private static final int TYPE_FIELD = 1;
    private static final int DATA_FIELD = 2;

    /** What a key message holds; the type stays a raw code so the caller can name it. */
    record Fields(long typeCode, byte[] data) {}

    private KeyProtobuf() {}

    /** docs/wire.md §1.1: deterministic encoding, Type then Data, both always present. */
    static byte[] encode(KeyType type, byte[] data) {
        return new ProtoWriter()
                .writeVarintField(TYPE_FIELD, type.code())
                .writeBytesField(DATA_FIELD, data)
                .toByteArray();
    }

    /**
     * Reads a key message. Unknown fields are skipped, as any proto2 parser would; the encoding
     * used for peer IDs is always recomputed by {@link #encode}, never taken from the input.
     *
     * @param what "PublicKey" or "PrivateKey", for error messages
     */
    static Fields decode(byte[] message, String what) {
        Long type = null;
        byte[] data = null;
        ProtoReader reader = new ProtoReader(message);
        try {
            while (reader.next()) {
                if (reader.field() == TYPE_FIELD && reader.wireType() == WireType.VARINT) {
                    type = reader.readVarint();
                } else if (reader.field() == DATA_FIELD && reader.wireType() == WireType.LEN) {
                    data = reader.readBytes();
                } else {
                    reader.skip();
                }
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed " + what + " protobuf: " + e.getMessage(), e);
        }
        if (type == null) {
            throw new IllegalArgumentException(what + " protobuf lacks the required Type field (1)");
        }
        if (data == null) {
            throw new IllegalArgumentException(what + " protobuf lacks the required Data field (2)");
        }
        return new Fields(type, data);
    }

    static KeyType keyType(long code) {
        if (code < 0 || code > Integer.MAX_VALUE) {
            throw new UnsupportedKeyException(
                    "unknown key type " + Long.toUnsignedString(code)
                            + " (known: 0 RSA, 1 Ed25519, 2 Secp256k1, 3 ECDSA)");
        }
        return KeyType.of((int) code);
    }
}
