package io.gsnode.segmentation.codec;

import io.gsnode.segmentation.codec.SegmentException.Reason;

/**
 * The systematic Reed–Solomon code of coded segment groups (docs/arms.md §3.5) over
 * {@link Gf256}: k data shards, p parity shards, n = k + p ≤ 256, any k of the n recovering the data.
 *
 * <p>Encoding matrix: the n × k Vandermonde matrix V[i][j] = i^j (0^0 = 1) multiplied by the
 * inverse of its top k × k block, so rows 0…k−1 are the identity (the data shards go on the wire
 * unchanged) and any k rows stay invertible (any k rows of V are a Vandermonde matrix over distinct
 * points). Parity shard r is row k + r dotted with the data shards, byte by byte.
 *
 * <p>Shards are equal-length byte ranges. Immutable once built; thread-safe.
 */
public final class ReedSolomon {
    /** go: segments.MaxCodedSegments; the code evaluates at the 256 distinct points of GF(2^8). */
    public static final int MAX_SHARDS = 256;
    // Bytes of each shard processed per pass, so the output chunk stays in L1 across the k inputs.
    private static final int CHUNK_BYTES = 4096;

    private final int dataShards;
    private final int totalShards;
    // n × k row-major; rows 0..k-1 are the identity.
    private final byte[] matrix;

    /**
     * @throws IllegalArgumentException unless 0 &lt; dataShards, 0 ≤ parityShards and
     *     dataShards + parityShards ≤ 256
     */
    public ReedSolomon(int dataShards, int parityShards) {
        if (dataShards <= 0 || parityShards < 0 || dataShards + parityShards > MAX_SHARDS) {
            throw new IllegalArgumentException("invalid coded group shape: k=" + dataShards + " p=" + parityShards
                    + ", need k > 0, p >= 0, k + p <= " + MAX_SHARDS);
        }
        this.dataShards = dataShards;
        this.totalShards = dataShards + parityShards;
        this.matrix = encodingMatrix(totalShards, dataShards);
    }

    private static byte[] encodingMatrix(int n, int k) {
        byte[] v = new byte[n * k];
        for (int i = 0; i < n; i++) {
            int x = 1;
            for (int j = 0; j < k; j++) {
                v[i * k + j] = (byte) x;
                x = Gf256.mul(x, i);
            }
        }
        byte[] top = new byte[k * k];
        System.arraycopy(v, 0, top, 0, k * k);
        if (!Gf256.invert(top, k)) {
            throw new IllegalStateException("Vandermonde top block over distinct points is singular (k=" + k + ")");
        }
        byte[] m = new byte[n * k];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                int acc = 0;
                for (int l = 0; l < k; l++) {
                    acc ^= Gf256.mul(v[i * k + l] & 0xff, top[l * k + j] & 0xff);
                }
                m[i * k + j] = (byte) acc;
            }
        }
        return m;
    }

    public int dataShards() {
        return dataShards;
    }

    public int parityShards() {
        return totalShards - dataShards;
    }

    public int totalShards() {
        return totalShards;
    }

    /** The n × k encoding matrix, row-major (a copy). */
    public byte[] encodingMatrix() {
        return matrix.clone();
    }

    /** The parity shards of k data shards, each of the same length, in new arrays. */
    public byte[][] encodeParity(byte[][] data) {
        if (data.length != dataShards) {
            throw new IllegalArgumentException(data.length + " data shards, want " + dataShards);
        }
        int[] offsets = new int[dataShards];
        int len = data[0].length;
        for (byte[] d : data) {
            if (d.length != len) {
                throw new IllegalArgumentException("data shards of unequal length: " + d.length + " and " + len);
            }
        }
        return encodeParity(data, offsets, len);
    }

    /** Parity over shard j = data[j][offsets[j], offsets[j] + shardLength): no copy of the data. */
    byte[][] encodeParity(byte[][] data, int[] offsets, int shardLength) {
        byte[][] parity = new byte[parityShards()][shardLength];
        multiply(dataShards, data, offsets, parity, shardLength, matrix, dataShards * dataShards);
        return parity;
    }

    /**
     * Fills the missing ({@code null}) entries of {@code shards} (length n, all present shards of
     * equal length) from the first k present ones in index order.
     *
     * @throws SegmentException {@code NOT_ENOUGH_SEGMENTS} with fewer than k present
     */
    public void reconstruct(byte[][] shards) throws SegmentException {
        if (shards.length != totalShards) {
            throw new IllegalArgumentException(shards.length + " shard slots, want " + totalShards);
        }
        int len = -1;
        for (byte[] s : shards) {
            if (s != null) {
                if (len >= 0 && s.length != len) {
                    throw new IllegalArgumentException("shards of unequal length: " + s.length + " and " + len);
                }
                len = s.length;
            }
        }
        int k = dataShards;
        byte[][] present = new byte[k][];
        byte[] sub = new byte[k * k];
        int have = 0;
        for (int i = 0; i < totalShards && have < k; i++) {
            if (shards[i] != null) {
                System.arraycopy(matrix, i * k, sub, have * k, k);
                present[have++] = shards[i];
            }
        }
        if (have < k) {
            throw new SegmentException(Reason.NOT_ENOUGH_SEGMENTS, "have " + have + " shards, need " + k);
        }
        boolean missingData = false;
        for (int i = 0; i < k; i++) {
            missingData |= shards[i] == null;
        }
        byte[][] data;
        int[] zero = new int[k];
        if (missingData) {
            if (!Gf256.invert(sub, k)) {
                // Unreachable for this construction: any k rows are invertible.
                throw new IllegalStateException("singular recovery matrix for k=" + k + " n=" + totalShards);
            }
            data = new byte[k][len];
            multiply(k, present, zero, data, len, sub, 0);
            for (int i = 0; i < k; i++) {
                if (shards[i] == null) {
                    shards[i] = data[i];
                }
            }
        } else {
            data = new byte[k][];
            System.arraycopy(shards, 0, data, 0, k);
        }
        for (int i = k; i < totalShards; i++) {
            if (shards[i] == null) {
                byte[][] out = new byte[1][len];
                multiply(k, data, zero, out, len, matrix, i * k);
                shards[i] = out[0];
            }
        }
    }

    /**
     * out[r] = Σ_c coefficients[firstRow + r·k + c] · in[c], for every output row, over shards of
     * {@code len} bytes; chunked so each output chunk is finished while it is in cache. (Four
     * inputs per pass measured no faster: the table lookups dominate.)
     */
    private static void multiply(int k, byte[][] in, int[] inOffsets, byte[][] out, int len,
                                 byte[] coefficients, int firstRow) {
        for (int start = 0; start < len; start += CHUNK_BYTES) {
            int n = Math.min(CHUNK_BYTES, len - start);
            for (int r = 0; r < out.length; r++) {
                int row = firstRow + r * k;
                for (int c = 0; c < k; c++) {
                    Gf256.mulAdd(coefficients[row + c] & 0xff, in[c], inOffsets[c] + start, out[r], start, n);
                }
            }
        }
    }
}
