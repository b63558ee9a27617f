package io.gsnode.node.launch;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/** Where a node learns its cell's T0, the moment its instants count from. */
public sealed interface EpochSource {

    /** The {@code gsnode run} flag and value that name this source. */
    List<String> args();

    /** T0 given outright, epoch milliseconds ({@code --epoch-ms}; under Shadow, the start of simulated time). */
    record AtMillis(long epochMs) implements EpochSource {
        @Override
        public List<String> args() {
            return List.of("--epoch-ms", Long.toString(epochMs));
        }
    }

    /** T0 read from a file once the node listens ({@code --epoch-file}; the local runner writes it). */
    record FromFile(Path file) implements EpochSource {
        public FromFile {
            Objects.requireNonNull(file, "file");
        }

        @Override
        public List<String> args() {
            return List.of("--epoch-file", file.toString());
        }
    }

    /** T0 asked of an epoch coordinator once the node listens ({@code --epoch-url}; where nodes share no files). */
    record FromUrl(URI url) implements EpochSource {
        public FromUrl {
            Objects.requireNonNull(url, "url");
        }

        @Override
        public List<String> args() {
            return List.of("--epoch-url", url.toString());
        }
    }
}
