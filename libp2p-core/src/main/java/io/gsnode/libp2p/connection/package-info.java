/**
 * The connection and stream SPI that every transport implements: secured, multiplexed connections
 * whose streams deliver bytes through callbacks on one executor per connection
 * (<a href="https://github.com/libp2p/specs/blob/master/connections/README.md">libp2p connections</a>).
 */
package io.gsnode.libp2p.connection;
