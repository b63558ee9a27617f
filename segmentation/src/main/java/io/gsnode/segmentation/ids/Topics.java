package io.gsnode.segmentation.ids;

/**
 * Gossip topic strings of the arms (docs/arms.md §3.9).
 */
public final class Topics {
    /** Background-load topic (not used under Shadow). */
    public static final String BACKGROUND = "segmenttest/background";
    private static final String ENCODING_SUFFIX = "/ssz_snappy";
    private static final String MAINNET_FULU_SEGMENT = segment(ForkDigest.mainnetFulu());
    private static final String MAINNET_GENESIS_ENVELOPE = envelope(ForkDigest.mainnetGenesis());

    private Topics() {
    }

    /** The segment topic, {@code /eth2/<digest>/execution_payload_segment/ssz_snappy} (A arms, whole message). */
    public static String segment(ForkDigest digest) {
        return "/eth2/" + digest.hex() + "/execution_payload_segment" + ENCODING_SUFFIX;
    }

    /** The segment topic with the mainnet Fulu digest (digest <b>UNCONFIRMED</b>, see {@link ForkDigest#mainnetFulu()}). */
    public static String segment() {
        return MAINNET_FULU_SEGMENT;
    }

    /** Variant C's topic for segment index {@code index}: the segment topic followed by {@code /<index>}. */
    public static String segmentIndex(String segmentTopic, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("segment index " + index + " must be >= 0");
        }
        return segmentTopic + "/" + index;
    }

    /** Variant B's envelope topic, {@code /eth2/<digest>/execution_payload/ssz_snappy} (the harness uses the epoch-0 digest). */
    public static String envelope(ForkDigest digest) {
        return "/eth2/" + digest.hex() + "/execution_payload" + ENCODING_SUFFIX;
    }

    /** Variant B's envelope topic with the mainnet genesis digest, as the harness used it. */
    public static String envelope() {
        return MAINNET_GENESIS_ENVELOPE;
    }

    /**
     * Variant B's per-group topic with {@code SEGMENT_B_GROUPS > 1}: the envelope topic followed by
     * {@code /g<group>}. Unused by the report's arms; <b>UNCONFIRMED</b> that the suffix follows
     * the encoding suffix (the reference is known only to add a /g&lt;g&gt; suffix, docs/arms.md §3.9).
     */
    public static String envelopeGroup(String envelopeTopic, int group) {
        if (group < 0) {
            throw new IllegalArgumentException("group " + group + " must be >= 0");
        }
        return envelopeTopic + "/g" + group;
    }
}
