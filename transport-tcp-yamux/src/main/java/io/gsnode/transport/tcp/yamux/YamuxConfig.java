package io.gsnode.transport.tcp.yamux;

import java.time.Duration;

/**
 * Yamux settings. The defaults are go-libp2p's: a 256 KiB initial stream window that grows to
 * 16 MiB, a keepalive ping every 30 s.
 *
 * @param initialWindow receive window every stream starts with (both sides assume 256 KiB)
 * @param maxWindow the most a stream's receive window grows to
 * @param maxFramePayload largest data frame we send; 65507 makes one yamux frame fit one Noise message
 * @param keepAliveInterval ping period; the session closes when a ping stays unanswered this long
 */
public record YamuxConfig(int initialWindow, int maxWindow, int maxFramePayload, Duration keepAliveInterval) {

    public static final int SPEC_INITIAL_WINDOW = 256 * 1024;
    public static final YamuxConfig DEFAULT =
            new YamuxConfig(SPEC_INITIAL_WINDOW, 16 * 1024 * 1024, 65535 - 16 - YamuxFrame.HEADER_BYTES, Duration.ofSeconds(30));

    public YamuxConfig {
        if (initialWindow != SPEC_INITIAL_WINDOW) {
            // Larger initial windows would have to be announced; every peer assumes 256 KiB.
            throw new IllegalArgumentException("yamux initial window must be " + SPEC_INITIAL_WINDOW + ", was " + initialWindow);
        }
        if (maxWindow < initialWindow) {
            throw new IllegalArgumentException("yamux maxWindow " + maxWindow + " is below the initial window " + initialWindow);
        }
        if (maxFramePayload < 1024 || maxFramePayload > 1 << 20) {
            throw new IllegalArgumentException("yamux maxFramePayload must be in 1024..1048576, was " + maxFramePayload);
        }
    }
}
