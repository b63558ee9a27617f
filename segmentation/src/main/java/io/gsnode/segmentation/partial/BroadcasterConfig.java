package io.gsnode.segmentation.partial;

import java.time.Duration;

/**
 * Variant B's knobs (docs/arms.md §7, §8.4-8.5), with the reference's defaults where the report's
 * arms leave them unset.
 *
 * @param replication {@code SEGMENT_REPLICATION}: the push width of {@link PushPhase}
 * @param claimPerPeer {@code SEGMENT_CLAIM_PER_PEER}: fresh claims per peer per pass; 0 = no cap
 * @param strikeCap {@code SEGMENT_STRIKE_CAP}: strikes that bar a peer; 0 = strikes off
 * @param strikeTtl {@code SEGMENT_STRIKE_TTL_MS}
 * @param adaptiveTimeout {@code SEGMENT_ADAPTIVE_TIMEOUT}
 * @param compress {@code SEGMENT_PARTIAL_COMPRESS}: partial message version 3
 * @param pushChunk {@code SEGMENT_PUSH_CHUNK}: segments per partial message and round; 0 = all in one
 * @param requestTimeout {@code SEGMENT_REQUEST_TIMEOUT_MS} (16 × 25 ms)
 * @param retryInterval {@code SEGMENT_RETRY_INTERVAL_MS} (4 × 25 ms)
 * @param claimSurplus {@code SEGMENT_CLAIM_SURPLUS}: extra claims for coded groups
 */
public record BroadcasterConfig(int replication, int claimPerPeer, int strikeCap, Duration strikeTtl,
                                boolean adaptiveTimeout, boolean compress, int pushChunk, Duration requestTimeout,
                                Duration retryInterval, int claimSurplus) {

    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofMillis(16 * 25);
    public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofMillis(4 * 25);
    public static final Duration DEFAULT_STRIKE_TTL = Duration.ofSeconds(30);

    public BroadcasterConfig {
        if (replication < 0 || claimPerPeer < 0 || strikeCap < 0 || pushChunk < 0 || claimSurplus < 0) {
            throw new IllegalArgumentException("negative variant B knob");
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero() || retryInterval.isNegative() || retryInterval.isZero()) {
            throw new IllegalArgumentException("request timeout and retry interval must be > 0");
        }
    }
}
