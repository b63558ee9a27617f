package io.gsnode.libp2p.connection;

/**
 * A connection's transport congestion window at one instant, next to the window it started with:
 * evidence of whether the connection has left slow start's initial window (after a warm-up, say).
 *
 * @param bytes the current congestion window, bytes; {@code null} when the transport could not report it
 * @param initialBytes the window the connection started with, bytes; {@code null} when unreadable
 * @param source where the numbers were read ({@code tcp_info}, {@code quiche}), or, when
 *     unreadable, a short reason starting {@code unreadable:} ({@code unreadable: nio},
 *     {@code unreadable: kwik})
 */
public record CongestionWindow(Long bytes, Long initialBytes, String source) {

    public CongestionWindow {
        if (source == null) throw new IllegalArgumentException("source must be set");
        if ((bytes == null) != (initialBytes == null)) {
            throw new IllegalArgumentException("bytes and initialBytes are both known or both unknown, were " + bytes + " and "
                    + initialBytes);
        }
    }

    /** A window the transport cannot report; {@code why} is kept as the source, prefixed {@code unreadable: } if it is not already. */
    public static CongestionWindow unreadable(String why) {
        return new CongestionWindow(null, null, why.startsWith("unreadable") ? why : "unreadable: " + why);
    }

    /** Whether the window was read. */
    public boolean readable() {
        return bytes != null;
    }

    /** Whether the window has grown past the initial one; {@code null} when unreadable. */
    public Boolean aboveInitial() {
        return bytes == null ? null : bytes > initialBytes;
    }
}
