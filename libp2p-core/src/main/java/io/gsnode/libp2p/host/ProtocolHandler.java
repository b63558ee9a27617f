package io.gsnode.libp2p.host;

import io.gsnode.libp2p.connection.Stream;

/** Serves one protocol on streams the remote opened, once multistream-select has settled on it. */
@FunctionalInterface
public interface ProtocolHandler {

    /** Called on the stream's executor; the handler installs its {@code StreamHandler}. */
    void handle(Stream stream);
}
