package io.gsnode.formats.topology;

import java.io.IOException;

/**
 * A topology file that is not a valid {@code gsnode.topology/1} file. The message names the one
 * problem found first and where it is ("nodes[3].ip '10.0.0' is not a dotted-quad IPv4 address"),
 * without the file name, which the caller adds.
 */
public final class InvalidTopologyException extends IOException {

    public InvalidTopologyException(String problem) {
        super(problem);
    }
}
