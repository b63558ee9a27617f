package io.gsnode.segmentation.ids;

import io.gsnode.segmentation.codec.Sha256;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;

/**
 * A 4-byte consensus fork digest, the {@code <fork digest hex>} of every {@code /eth2/} topic
 * (consensus-specs phase0 {@code compute_fork_digest}, with Fulu's blob-parameter mask).
 *
 * @param value the digest as a big-endian int of its 4 bytes (so {@code 0xb5303f2a} prints as {@code b5303f2a})
 */
public record ForkDigest(int value) {
    /** Mainnet's genesis validators root (Prysm's mainnet config). */
    public static final String MAINNET_GENESIS_VALIDATORS_ROOT =
            "4b363db94e286120d76eb905340fdd4e54bfe9f06bf33ff6cf5ad27f511bfe95";
    // Mainnet: Fulu fork version, and the blob parameters in force at its activation
    // (ELECTRA_FORK_EPOCH 364032 with MAX_BLOBS_PER_BLOCK_ELECTRA 9; BPO1 comes later).
    private static final int MAINNET_FULU_VERSION = 0x06000000;
    private static final long MAINNET_FULU_BLOB_EPOCH = 364032;
    private static final long MAINNET_FULU_MAX_BLOBS = 9;

    /** The 4 bytes. */
    public byte[] bytes() {
        return ByteBuffer.allocate(4).putInt(value).array();
    }

    /** Lowercase hex without {@code 0x}, as topics spell it. */
    public String hex() {
        return HexFormat.of().formatHex(bytes());
    }

    @Override
    public String toString() {
        return hex();
    }

    /**
     * Pre-Fulu rule: the first 4 bytes of {@code hash_tree_root(ForkData(version, genesisValidatorsRoot))},
     * i.e. SHA-256(version padded to 32 bytes ‖ root).
     */
    public static ForkDigest compute(int forkVersion, byte[] genesisValidatorsRoot) {
        return new ForkDigest(ByteBuffer.wrap(forkDataRoot(forkVersion, genesisValidatorsRoot)).getInt());
    }

    /**
     * Fulu rule (EIP-7892): the pre-Fulu digest XOR the first 4 bytes of
     * SHA-256(u64 LE blob-parameter epoch ‖ u64 LE max blobs per block).
     */
    public static ForkDigest computeWithBlobParameters(int forkVersion, byte[] genesisValidatorsRoot,
                                                       long blobEpoch, long maxBlobsPerBlock) {
        byte[] base = forkDataRoot(forkVersion, genesisValidatorsRoot);
        byte[] mask = Sha256.hash(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(blobEpoch).putLong(maxBlobsPerBlock).array());
        return new ForkDigest(ByteBuffer.wrap(base).getInt() ^ ByteBuffer.wrap(mask).getInt());
    }

    /** Mainnet's genesis (phase0, version 0x00000000) digest, {@code b5303f2a}. */
    public static ForkDigest mainnetGenesis() {
        return compute(0, HexFormat.of().parseHex(MAINNET_GENESIS_VALIDATORS_ROOT));
    }

    /**
     * Mainnet's Fulu digest at Fulu activation as computed by the consensus-specs rule,
     * {@code cc2c5cdb}. <b>UNCONFIRMED</b> (docs/arms.md §3.9) that it is the value the reference's
     * Prysm config produced; any fixed value works as long as every node agrees.
     */
    public static ForkDigest mainnetFulu() {
        return computeWithBlobParameters(MAINNET_FULU_VERSION, HexFormat.of().parseHex(MAINNET_GENESIS_VALIDATORS_ROOT),
                MAINNET_FULU_BLOB_EPOCH, MAINNET_FULU_MAX_BLOBS);
    }

    private static byte[] forkDataRoot(int forkVersion, byte[] genesisValidatorsRoot) {
        if (genesisValidatorsRoot.length != 32) {
            throw new IllegalArgumentException("genesis validators root of " + genesisValidatorsRoot.length + " bytes, want 32");
        }
        // SSZ hash_tree_root of a two-field container of 32-byte chunks: one SHA-256 over both.
        byte[] preimage = new byte[64];
        ByteBuffer.wrap(preimage).putInt(forkVersion);
        System.arraycopy(genesisValidatorsRoot, 0, preimage, 32, 32);
        return Sha256.hash(preimage);
    }
}
