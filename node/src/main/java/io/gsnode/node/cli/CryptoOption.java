package io.gsnode.node.cli;

import io.gsnode.libp2p.crypto.DataPathCrypto;
import picocli.CommandLine.Option;

/** {@code --crypto}: where the data path's ChaCha20-Poly1305 and SHA-256 come from ({@link DataPathCrypto}). */
public final class CryptoOption {

    @Option(names = "--crypto", paramLabel = "MODE",
            description = {"ChaCha20-Poly1305 (Noise frames) and SHA-256 (message ids, Merkle trees): auto (BoringSSL"
                    + " when its library loads, else the JDK), native (BoringSSL or exit 2) or jdk. The wire bytes are"
                    + " the same; the CPU is not (default: the system property " + DataPathCrypto.MODE_PROPERTY
                    + ", else auto)."})
    String mode;

    /**
     * Configures the process's provider before any connection exists.
     *
     * @return the problem in one line, or null when the provider is set
     */
    String apply() {
        try {
            if (mode != null) DataPathCrypto.configure(DataPathCrypto.Mode.parse(mode));
            else DataPathCrypto.process();
            return null;
        } catch (IllegalArgumentException | IllegalStateException e) {
            return "--crypto: " + e.getMessage();
        }
    }
}
