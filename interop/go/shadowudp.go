package main

import (
	"net"
	"os"

	"github.com/libp2p/go-libp2p"
	"github.com/libp2p/go-libp2p/p2p/transport/quicreuse"
)

// Shadow 3.3 refuses the IP_MTU_DISCOVER socket option, and quic-go refuses
// a UDP socket it cannot set the don't-fragment bit on ("setting DF failed for
// both IPv4 and IPv6"), so over QUIC no go host of a Shadow cell could listen.
// Under Shadow the go node therefore hands quic-go a UDP socket that hides its
// file descriptor: quic-go treats it as a plain PacketConn and tunes nothing.
// What that changes (docs/shadow.md): no DF, hence no path MTU discovery, so
// quic-go's packets stay at its initial 1,280 bytes; no GSO, ECN or socket
// buffer sizes, none of which Shadow models.

// plainPacketConn is a UDP socket with only net.PacketConn's methods.
type plainPacketConn struct{ net.PacketConn }

func listenPlainUDP(network string, laddr *net.UDPAddr) (net.PacketConn, error) {
	c, err := net.ListenUDP(network, laddr)
	if err != nil {
		return nil, err
	}
	return plainPacketConn{c}, nil
}

// shadowQUIC is the host option that gives quic-go plain sockets. quic-go's
// one warning about them (it cannot size their buffers) is expected, so off.
func shadowQUIC() libp2p.Option {
	_ = os.Setenv("QUIC_GO_DISABLE_RECEIVE_BUFFER_WARNING", "true")
	return libp2p.QUICReuse(quicreuse.NewConnManager, quicreuse.OverrideListenUDP(listenPlainUDP))
}
