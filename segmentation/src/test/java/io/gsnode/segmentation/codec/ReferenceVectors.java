package io.gsnode.segmentation.codec;

import java.util.HexFormat;

/**
 * Values computed by the reference implementations (Go 1.26 {@code math/rand/v2}, golang/snappy
 * v1.0.0, and a scratch Go port of the research tree's segment codec, not part of this repository)
 * for the report's payload: P = 1 MiB, seed 11, unless a name says otherwise.
 */
public final class ReferenceVectors {
    public static final int ONE_MIB = 1 << 20;
    public static final String TOPIC = "/eth2/cc2c5cdb/execution_payload_segment/ssz_snappy";

    // Payload (docs/arms.md §3.1).
    public static final String PAYLOAD_1MIB_SHA256 = "a65319f52fa92ca0283543265ec1a9e44b23487bcaa49d82cad231bd9d0ebe32";
    public static final String PAYLOAD_HEAD_48 =
            "921e35b623d6ded836bb3376c82cd15895b717346caf4a3c448a8870e052ef9e00000000000000000000000000000000";
    // Go: snappy.Encode(nil, payload) over the raw payload (compress-first's input to segmentation).
    public static final int PAYLOAD_1MIB_SNAPPY_LENGTH = 746262;
    public static final String PAYLOAD_1MIB_SNAPPY_SHA256 = "43e82be3ece543c80ef904389709f263db7919854474da3dbd61c4113b97c6fc";

    // Whole message (docs/arms.md §3.3): snappy(SSZ offset 4 ‖ payload).
    public static final int WHOLE_LENGTH = 745886;
    public static final String WHOLE_SHA256 = "a7cc562baef542427248d328c7d961d13e99db39822d40891d3ed66bb3b794ef";
    public static final String WHOLE_PRYSM_ID = "c99d3093780aeb3d392031bffc6e3a48b6e4f7a3";

    // Plain group at 32 KiB (docs/arms.md §3.4).
    public static final String PLAIN32K_ROOT = "78e5216be014b030012ff3fa419295683d87943b8074e3ec6241572bc64432b3";
    public static final String PLAIN32K_GROUP = "e8849a5313c3ed09ae2847efa88ea51103b11d70e25ff8452a0eebb1d313f746";
    public static final String PLAIN32K_DESCRIPTOR =
            "01002000000000800000000010000000000078e5216be014b030012ff3fa419295683d87943b8074e3ec6241572bc64432b3";
    public static final String PLAIN32K_MSG0_SHA256 = "cafdc299ba96a12e314d2b19b29c4c5ad952d1950bdc9a9363910734547d2c8c";
    public static final String PLAIN32K_MSG31_SHA256 = "d4690b6c820df3b59ccecd123f9625258806a5ab684eb6eb81d9c04917b37729";
    public static final long PLAIN32K_WIRE_TOTAL = 756280;
    public static final int PLAIN32K_WIRE_MAX = 24406;
    public static final int PLAIN32K_WIRE0_LENGTH = 23611;
    public static final String PLAIN32K_WIRE0_SHA256 = "6511e7ba4c72a7a99f5b764829138f48841a28e998bc305a92833e9ee7b35769";
    public static final String PLAIN32K_WIRE0_PRYSM_ID = "145ebf6a764f4a753e0b7960ee961a765943e3af";
    public static final int PLAIN32K_STRUCTURED_WIRE0_LENGTH = 23685;
    public static final String PLAIN32K_STRUCTURED_WIRE0_SHA256 =
            "915fb5de8b077a1e342a856dc31fd5d72f91da872701d799f4cdd8334a15ae90";
    public static final String PLAIN32K_STRUCTURED_WIRE0_PRYSM_ID = "7680acbeed96ca20a066fdfeddbcd0eae215044e";
    public static final long PLAIN32K_STRUCTURED_TOTAL = 758813;

    // Plain group at 16 KiB.
    public static final String PLAIN16K_ROOT = "302f224f7424f152497b1dffde0ad83d9e4bbba5f3b327376fc0265c79d9c684";
    public static final String PLAIN16K_GROUP = "54a5f9a5393de8f9c1f505c1ecc854ece72757a89fadd740c7875a819de8e6b9";
    public static final long PLAIN16K_WIRE_TOTAL = 767214;

    // Coded group, 32 KiB, K = 32, parity 32 (docs/arms.md §3.5).
    public static final String CODED32_ROOT = "b0915b4e4715f2019ac6d789543ecf20265720901457b46c72323b896b0b70e3";
    public static final String CODED32_GROUP = "71511035ab9559d9b2bfc4770ab2ecd37a03cfa4072771c754b8d38ef608862a";
    public static final String CODED32_PARITY0_SHA256 = "21249f22946397bc5ab6f0f7b0e4364be24edeaa002951dfa324b3f7269dbd07";
    public static final String CODED32_PARITY31_SHA256 = "5cf90c5c7966f9ae9a374365d3caf3027b24caddd1724ded223c7b6c77cb0d67";
    public static final long CODED32_STRUCTURED_TOTAL = 1818647;

    // A small odd-length coded group: mainnetLike(100, seed 3), segment 16, parity 3 -> k = 7, n = 10.
    public static final String SMALL_CODED_ROOT = "5063cc72404e5d6a084424fd72f5c35f0e441dbcf30a30d9f02541421218851d";
    public static final String[] SMALL_CODED_PARITY = {
        "1c6ef7120000000000000000007c2123", "4eb46169000000000000000000ba1d33", "4eb46169000000000000000000f66192"};
    // The systematic encoding matrix for n = 6, k = 3, row-major.
    public static final String RS_MATRIX_6_3 = "0100000001000000010101010f08060e0906";

    // Compress-first (docs/arms.md §3.6), coded with parity = count, structured ids.
    public static final int CF32_UNIT = 23321;
    public static final String CF32_GROUP = "09cf1073c6d47f557dff085cdd42302426295aa110a2f23885416928535fc59a";
    public static final long CF32_TOTAL = 1514282;
    public static final int CF64_UNIT = 11661;
    public static final String CF64_GROUP = "cf11712ac6131383304ca24685c0058f3997612e6a598639c861653cca5f3da5";
    public static final long CF64_TOTAL = 1540045;

    // Structured ids (docs/arms.md §3.7).
    public static final String CELL_BLOCK_ROOT_2048 = "7e0c1df7cd0d6a82a07ad538ee41e0fe9fc936c46afc0b9dfda639d29da2bc18";

    private static byte[] payload;

    private ReferenceVectors() {
    }

    /** The measured 1 MiB payload, built once per test JVM. Callers must not modify it. */
    public static synchronized byte[] payload1MiB() {
        if (payload == null) {
            payload = PayloadGenerator.mainnetLike(ONE_MIB, PayloadGenerator.MEASURED_SEED);
        }
        return payload;
    }

    public static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    public static byte[] unhex(String s) {
        return HexFormat.of().parseHex(s);
    }

    public static String sha256(byte[] b) {
        return hex(Sha256.hash(b));
    }
}
