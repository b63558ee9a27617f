/**
 * Yamux ({@code /yamux/1.0.0}): streams, per-stream flow control with go-yamux's window growth,
 * keepalive pings and go-away (<a href="https://github.com/libp2p/specs/blob/master/yamux/README.md">spec</a>).
 */
package io.gsnode.transport.tcp.yamux;
