package main

import (
	"net"
	"syscall"
	"testing"
)

// quic-go sets DF, and with it tunes the socket, only on a PacketConn that
// gives it the descriptor; the socket the go node uses under Shadow gives none.
func TestPlainUDPHidesTheDescriptorFromQuicGo(t *testing.T) {
	c, err := listenPlainUDP("udp4", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, ok := c.(interface {
		SyscallConn() (syscall.RawConn, error)
	}); ok {
		t.Fatal("the plain socket still offers SyscallConn: quic-go would try to set DF")
	}
	if _, ok := c.(*net.UDPConn); ok {
		t.Fatal("the plain socket is a *net.UDPConn")
	}
	if _, ok := c.LocalAddr().(*net.UDPAddr); !ok {
		t.Fatalf("go-libp2p's quicreuse needs a *net.UDPAddr, got %T", c.LocalAddr())
	}
}
