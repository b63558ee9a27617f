/**
 * {@code gsnode peer}: a standalone libp2p node for interop tests and debugging, speaking the
 * JSON-lines contract of {@code interop/PEER-PROTOCOL.md} shared with the go and js peers.
 */
package io.gsnode.node.peer;
