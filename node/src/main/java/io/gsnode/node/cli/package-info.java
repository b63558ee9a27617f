/**
 * The node's commands: {@code gsnode run} (one node of a cell) and {@code gsnode peer} (the
 * interop peer), and the QUIC flags they share. They parse and check flags and hand the library a
 * settings record; the node daemon and the peer session never see picocli.
 */
package io.gsnode.node.cli;
