/**
 * The Kwik engine: pure-Java QUIC (<a href="https://github.com/ptrd/kwik">Kwik</a> 0.10.8 with agent15),
 * its blocking streams pumped into the event-driven stream SPI.
 */
package io.gsnode.transport.quic.kwik;
