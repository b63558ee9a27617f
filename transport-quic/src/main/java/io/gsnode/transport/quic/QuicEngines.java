package io.gsnode.transport.quic;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.transport.quic.kwik.KwikEngine;
import io.gsnode.transport.quic.netty.NettyEngine;
import java.util.List;
import java.util.Map;

/** The engines {@link QuicConfig#engine()} can name, and what each runs with. */
public final class QuicEngines {

    /** Every engine name {@link QuicConfig} accepts, in the order error messages list them. */
    public static final List<String> NAMES = List.of(KwikEngine.NAME, NettyEngine.NAME);

    private QuicEngines() {}

    /** A new engine of the kind {@code config} names, for the host whose identity is {@code identity}. */
    public static QuicEngine create(PrivKey identity, QuicConfig config, ConnectionLimits limits) {
        return switch (config.engine()) {
            case KwikEngine.NAME -> new KwikEngine(identity, config, limits);
            case NettyEngine.NAME -> new NettyEngine(identity, config, limits);
            default -> throw new IllegalStateException("QuicConfig accepted an unknown engine: " + config.engine());
        };
    }

    static Map<String, Object> settingsInEffect(QuicConfig config) {
        return switch (config.engine()) {
            case KwikEngine.NAME -> KwikEngine.settingsInEffect(config);
            case NettyEngine.NAME -> NettyEngine.settingsInEffect(config);
            default -> throw new IllegalStateException("QuicConfig accepted an unknown engine: " + config.engine());
        };
    }
}
