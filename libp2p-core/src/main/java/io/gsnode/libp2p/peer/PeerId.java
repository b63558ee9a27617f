package io.gsnode.libp2p.peer;

import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.multiformats.Base32;
import io.gsnode.libp2p.multiformats.Base58;
import io.gsnode.libp2p.multiformats.Multihash;
import io.gsnode.libp2p.multiformats.UVarint;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * A peer ID: the multihash of a {@code PublicKey} protobuf (docs/wire.md §1.2). Immutable;
 * equal, hashed and ordered by its bytes, so it works as a map key and sorts as go's byte
 * comparison does.
 */
public final class PeerId implements Comparable<PeerId> {

    /** peer-ids spec: keys that serialize to at most 42 bytes are inlined (identity multihash). */
    static final int MAX_INLINE_KEY_SIZE = 42;
    private static final int SHA2_256_SIZE = 32;
    /** CID spec: version 1. */
    private static final int CID_V1 = 0x01;
    /** multicodec table: {@code libp2p-key}. */
    private static final int LIBP2P_KEY_CODEC = 0x72;
    /** multibase prefix of lowercase, unpadded RFC 4648 base32. */
    private static final char MULTIBASE_BASE32 = 'b';

    private final byte[] multihash;
    private final String base58;

    private PeerId(byte[] multihash) {
        this.multihash = multihash;
        this.base58 = Base58.encode(multihash);
    }

    /** Steps 1-3 of docs/wire.md §1.2: inline keys of ≤ 42 bytes, hash longer ones. */
    public static PeerId fromPubKey(PubKey key) {
        byte[] encoded = key.bytes();
        return new PeerId(encoded.length <= MAX_INLINE_KEY_SIZE
                ? Multihash.identity(encoded)
                : Multihash.sha256(encoded));
    }

    /**
     * The peer ID whose binary form is {@code multihash}.
     *
     * @throws IllegalArgumentException unless it is a well-formed identity multihash of at most
     *     42 bytes or a sha2-256 multihash
     */
    public static PeerId fromBytes(byte[] multihash) {
        Multihash.Decoded decoded;
        try {
            decoded = Multihash.decode(multihash);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("invalid peer ID: " + e.getMessage(), e);
        }
        int size = decoded.digest().length;
        if (decoded.code() == Multihash.IDENTITY) {
            if (size == 0 || size > MAX_INLINE_KEY_SIZE) {
                throw new IllegalArgumentException(
                        "invalid peer ID: identity multihash holds " + size
                                + " bytes; an inlined public key has 1 to " + MAX_INLINE_KEY_SIZE);
            }
        } else if (decoded.code() == Multihash.SHA2_256) {
            if (size != SHA2_256_SIZE) {
                throw new IllegalArgumentException(
                        "invalid peer ID: sha2-256 multihash holds " + size + " bytes, expected "
                                + SHA2_256_SIZE);
            }
        } else {
            throw new IllegalArgumentException(
                    "invalid peer ID: multihash function 0x" + Long.toHexString(decoded.code())
                            + " is neither identity (0x00) nor sha2-256 (0x12)");
        }
        return new PeerId(multihash.clone());
    }

    /**
     * Parses either text form (docs/wire.md §1.2): base58btc when it starts with {@code 1}
     * (identity) or {@code Q} (sha2-256, "Qm..."), otherwise a CIDv1 in multibase base32
     * ({@code b...}) with codec {@code libp2p-key}.
     */
    public static PeerId parse(String text) {
        Objects.requireNonNull(text, "text");
        if (text.isEmpty()) {
            throw new IllegalArgumentException("invalid peer ID: empty string");
        }
        char first = text.charAt(0);
        if (first == '1' || first == 'Q') {
            byte[] bytes;
            try {
                bytes = Base58.decode(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "invalid peer ID \"" + text + "\": " + e.getMessage(), e);
            }
            return fromBytesNaming(bytes, text);
        }
        if (first == MULTIBASE_BASE32) {
            return fromCid(text);
        }
        throw new IllegalArgumentException(
                "invalid peer ID \"" + text + "\": expected base58btc (12D3KooW..., 16Uiu2..., Qm...)"
                        + " or a base32 CIDv1 (b...), not text starting with '" + first + "'");
    }

    private static PeerId fromCid(String text) {
        byte[] cid;
        try {
            cid = Base32.decode(text.substring(1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "invalid peer ID CID \"" + text + "\": " + e.getMessage(), e);
        }
        int[] offset = {0};
        long version;
        long codec;
        try {
            version = UVarint.read(cid, offset);
            codec = UVarint.read(cid, offset);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "invalid peer ID CID \"" + text + "\": " + e.getMessage(), e);
        }
        if (version != CID_V1) {
            throw new IllegalArgumentException(
                    "invalid peer ID CID \"" + text + "\": CID version " + version
                            + ", expected 1");
        }
        if (codec != LIBP2P_KEY_CODEC) {
            throw new IllegalArgumentException(
                    "invalid peer ID CID \"" + text + "\": multicodec 0x" + Long.toHexString(codec)
                            + " is not libp2p-key (0x72)");
        }
        return fromBytesNaming(Arrays.copyOfRange(cid, offset[0], cid.length), text);
    }

    private static PeerId fromBytesNaming(byte[] multihash, String text) {
        try {
            return fromBytes(multihash);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("\"" + text + "\" is an " + e.getMessage(), e);
        }
    }

    /** The multihash: what {@code /p2p/} components and protobuf fields carry. */
    public byte[] bytes() {
        return multihash.clone();
    }

    /** The legacy and default text form, base58btc with no multibase prefix. */
    public String toBase58() {
        return base58;
    }

    /** The CIDv1 text form: {@code b} + base32({@code 0x01 0x72} multihash). */
    public String toCidV1() {
        byte[] cid = new byte[multihash.length + 2];
        cid[0] = CID_V1;
        cid[1] = LIBP2P_KEY_CODEC;
        System.arraycopy(multihash, 0, cid, 2, multihash.length);
        return MULTIBASE_BASE32 + Base32.encode(cid);
    }

    /**
     * The public key inlined in an identity multihash. Empty for a sha2-256 peer ID (the key has
     * to come from the peer, e.g. in the Noise payload or identify) and for an inlined key this
     * implementation cannot parse.
     */
    public Optional<PubKey> publicKey() {
        Multihash.Decoded decoded = Multihash.decode(multihash);
        if (decoded.code() != Multihash.IDENTITY) {
            return Optional.empty();
        }
        try {
            return Optional.of(PubKey.unmarshal(decoded.digest()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Whether this is the peer ID of {@code key}. */
    public boolean matches(PubKey key) {
        return equals(fromPubKey(key));
    }

    /** Unsigned lexicographic order of {@link #bytes()}, like go's {@code bytes.Compare}. */
    @Override
    public int compareTo(PeerId other) {
        return Arrays.compareUnsigned(multihash, other.multihash);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PeerId p && Arrays.equals(multihash, p.multihash);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(multihash);
    }

    /** {@link #toBase58()}. */
    @Override
    public String toString() {
        return base58;
    }
}
