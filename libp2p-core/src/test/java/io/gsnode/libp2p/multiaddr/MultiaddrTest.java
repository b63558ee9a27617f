package io.gsnode.libp2p.multiaddr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MultiaddrTest {

    private static final String PEER = "12D3KooWBtg3aaRMjxwedh83aGiUkwSxDwUZkzuJcfaqUmo7R3pq";
    private static final String PEER_MULTIHASH =
            "0024080112201ed1e8fae2c4a144b8be8fd4b47bf3d3b34b871c3cacf6010f0e42d474fce27e";

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    private static void assertRoundTrip(String text, String hexBytes) {
        Multiaddr parsed = Multiaddr.parse(text);
        assertEquals(hexBytes, HexFormat.of().formatHex(parsed.bytes()), text);
        Multiaddr decoded = Multiaddr.fromBytes(hex(hexBytes));
        assertEquals(text, decoded.toString());
        assertEquals(parsed, decoded);
        assertEquals(parsed.hashCode(), decoded.hashCode());
    }

    private static String parseError(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Multiaddr.parse(text), text)
                .getMessage();
    }

    private static String bytesError(String hexBytes) {
        return assertThrows(IllegalArgumentException.class, () -> Multiaddr.fromBytes(hex(hexBytes)))
                .getMessage();
    }

    @Test
    void encodesTheSpecExamples() {
        // docs/wire.md §1.3.
        assertRoundTrip("/ip4/127.0.0.1/tcp/4001", "047f000001060fa1");
        assertRoundTrip("/ip4/127.0.0.1/udp/4001/quic-v1", "047f00000191020fa1cd03");
        assertRoundTrip("/p2p/" + PEER, "a50326" + PEER_MULTIHASH);
    }

    @Test
    void roundTripsEveryProtocol() {
        assertRoundTrip("/ip6/::1/tcp/80", "2900000000000000000000000000000001060050");
        assertRoundTrip("/ip6/2001:db8::1/udp/9000/quic-v1",
                "2920010db80000000000000000000000019102" + "2328" + "cd03");
        assertRoundTrip("/dns4/example.com/tcp/443", "360b6578616d706c652e636f6d0601bb");
        assertRoundTrip("/dns6/a.b/tcp/1", "3703612e62060001");
        assertRoundTrip("/dns/localhost/udp/65535", "35096c6f63616c686f7374" + "9102ffff");
        assertRoundTrip("/ip4/10.0.0.1/tcp/0/p2p/" + PEER,
                "040a000001060000" + "a50326" + PEER_MULTIHASH);
        String sha = "QmfXbAwNjJLXfesgztEHe8HwgVDCMMpZ9Eax1HYq6hn9uE";
        assertEquals("/ip4/1.2.3.4/tcp/5/p2p/" + sha,
                Multiaddr.fromBytes(Multiaddr.parse("/ip4/1.2.3.4/tcp/5/p2p/" + sha).bytes()).toString());
    }

    @Test
    void printsIp6InRfc5952Form() {
        String[][] cases = {
            {"2001:0db8:0000:0000:0001:0000:0000:0001", "2001:db8::1:0:0:1"}, // first of two equal runs
            {"2001:db8:0:0:0:0:2:1", "2001:db8::2:1"},
            {"2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"}, // a single zero group stays
            {"2001:DB8::1", "2001:db8::1"},
            {"0:0:0:0:0:0:0:0", "::"},
            {"1::", "1::"},
            {"1:0:0:2:0:0:0:3", "1:0:0:2::3"}, // the longest run wins
            {"::ffff:1.2.3.4", "::ffff:1.2.3.4"},
            {"::ffff:0102:0304", "::ffff:1.2.3.4"},
            {"64:ff9b::192.0.2.33", "64:ff9b::c000:221"},
        };
        for (String[] c : cases) {
            assertEquals("/ip6/" + c[1], Multiaddr.parse("/ip6/" + c[0]).toString(), c[0]);
        }
    }

    @Test
    void equalityIsOnTheCanonicalForm() {
        assertEquals(Multiaddr.parse("/ip6/0:0::1/tcp/080"), Multiaddr.parse("/ip6/::1/tcp/80"));
        assertEquals("/ip6/::1/tcp/80", Multiaddr.parse("/ip6/0:0::1/tcp/080").toString());
        assertEquals(Multiaddr.parse("/ip4/1.2.3.4/tcp/1"), Multiaddr.parse("/ip4/1.2.3.4/tcp/1/"));
        assertEquals("/p2p/" + PEER, Multiaddr.parse("/ipfs/" + PEER).toString());
        String cid = PeerId.parse(PEER).toCidV1();
        assertEquals("/p2p/" + PEER, Multiaddr.parse("/p2p/" + cid).toString());
    }

    @Test
    void parseErrorsNameTheOffendingComponent() {
        String m = parseError("/ip4/300.0.0.1/tcp/1");
        assertTrue(m.startsWith("invalid multiaddr \"/ip4/300.0.0.1/tcp/1\": component /ip4/300.0.0.1:"), m);
        assertTrue(m.contains("octet 300 is out of range 0..255"), m);

        m = parseError("/ip4/1.2.3.4/tcp/70000");
        assertTrue(m.contains("component /tcp/70000: port 70000 is out of range 0..65535"), m);
        assertTrue(parseError("/ip4/1.2.3.4/tcp/-1").contains("component /tcp/-1"));
        assertTrue(parseError("/ip4/1.2.3/tcp/1").contains("component /ip4/1.2.3"));
        assertTrue(parseError("/ip4/01.2.3.4").contains("leading zero"));
        assertTrue(parseError("/ip6/1:2:3:4:5:6:7").contains("7 groups, expected 8"));
        assertTrue(parseError("/ip6/1::2::3").contains("more than one \"::\""));
        assertTrue(parseError("/ip6/fe80::1%eth0").contains("zone identifiers"));
        assertTrue(parseError("/ip6/12345::").contains("bad group \"12345\""));
        assertTrue(parseError("/ip4/1.2.3.4/tcp/1/p2p/QmBad").contains("component /p2p/QmBad"));
        assertTrue(parseError("/ip4/1.2.3.4/tcp").contains("component /tcp is missing its value"));
        assertTrue(parseError("/ip4/1.2.3.4//tcp/1").contains("empty protocol name after /ip4/1.2.3.4"));
        assertTrue(parseError("ip4/1.2.3.4").contains("must start with '/'"));
        assertTrue(parseError("").startsWith("empty multiaddr"));
        assertTrue(parseError("/").startsWith("empty multiaddr"));
        assertTrue(parseError("/ip4/1.2.3.4/tcp/1/ws").contains("unknown protocol \"ws\""));
    }

    @Test
    void rejectsDraft29QuicPointingAtQuicV1() {
        String m = parseError("/ip4/127.0.0.1/udp/4001/quic");
        assertTrue(m.contains("/quic is draft-29") && m.contains("use /quic-v1"), m);
        m = bytesError("047f00000191020fa1cc03");
        assertTrue(m.contains("component at byte 9") && m.contains("use /quic-v1"), m);
    }

    @Test
    void binaryErrorsNameTheOffendingComponent() {
        assertTrue(bytesError("").startsWith("empty multiaddr"));
        assertTrue(bytesError("047f0000").contains("component at byte 0: /ip4 needs 4 value bytes but only 3 remain"));
        assertTrue(bytesError("047f000001dd03").contains("component at byte 5: unknown protocol code 477"));
        assertTrue(bytesError("047f00000106").contains("/tcp needs 2 value bytes but only 0 remain"));
        assertTrue(bytesError("a50327" + PEER_MULTIHASH).contains("/p2p declares 39 value bytes but only 38 remain"));
        assertTrue(bytesError("a50303001122").contains("/p2p: invalid peer ID"));
        assertTrue(bytesError("3600").contains("/dns4: empty DNS name"));
        assertTrue(bytesError("3601ff").contains("/dns4: name is not valid UTF-8"));
        assertTrue(bytesError("ff").contains("component at byte 0: bad protocol code"));
        assertTrue(bytesError("8400").contains("not minimally encoded"));
    }

    @Test
    void answersQuestionsAboutComponents() {
        Multiaddr a = Multiaddr.parse("/ip4/1.2.3.4/udp/4001/quic-v1/p2p/" + PEER);
        assertEquals(4, a.components().size());
        assertEquals(new Component(Protocol.UDP, hex("0fa1")), a.components().get(1));
        assertEquals("4001", a.components().get(1).valueText());
        assertEquals("/quic-v1", a.components().get(2).toString());
        assertEquals(Optional.of("1.2.3.4"), a.valueOf(Protocol.IP4));
        assertEquals(Optional.of(""), a.valueOf(Protocol.QUIC_V1));
        assertEquals(Optional.empty(), a.valueOf(Protocol.TCP));
        assertTrue(a.has(Protocol.QUIC_V1));
        assertFalse(a.has(Protocol.TCP));
        assertThrows(UnsupportedOperationException.class, () -> a.components().clear());
    }

    @Test
    void handlesTheTrailingPeerId() {
        PeerId peer = PeerId.parse(PEER);
        PeerId other = PeerId.fromPubKey(Ed25519.fromIndex(0).publicKey());
        Multiaddr bare = Multiaddr.parse("/ip4/1.2.3.4/tcp/1");
        assertEquals(Optional.empty(), bare.peerId());
        assertSame(bare, bare.withoutPeerId());

        Multiaddr withPeer = bare.withPeerId(peer);
        assertEquals("/ip4/1.2.3.4/tcp/1/p2p/" + PEER, withPeer.toString());
        assertEquals(Optional.of(peer), withPeer.peerId());
        assertEquals(bare, withPeer.withoutPeerId());

        Multiaddr replaced = withPeer.withPeerId(other);
        assertEquals("/ip4/1.2.3.4/tcp/1/p2p/" + other, replaced.toString());
        assertEquals(Optional.of(other), replaced.peerId());

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Multiaddr.parse("/p2p/" + PEER).withoutPeerId());
        assertTrue(e.getMessage().contains("is only a peer ID"), e.getMessage());
    }

    @Test
    void convertsToAndFromSocketAddresses() throws Exception {
        InetSocketAddress v4 = new InetSocketAddress(InetAddress.getByAddress(hex("7f000001")), 4001);
        assertEquals("/ip4/127.0.0.1/tcp/4001", Multiaddr.tcp(v4).toString());
        assertEquals("/ip4/127.0.0.1/udp/4001/quic-v1", Multiaddr.quic(v4).toString());
        assertEquals(v4, Multiaddr.parse("/ip4/127.0.0.1/tcp/4001/p2p/" + PEER).socketAddress());
        assertEquals(v4, Multiaddr.parse("/ip4/127.0.0.1/udp/4001/quic-v1").socketAddress());

        InetSocketAddress v6 = new InetSocketAddress(
                InetAddress.getByAddress(hex("20010db8000000000000000000000001")), 65535);
        assertEquals("/ip6/2001:db8::1/tcp/65535", Multiaddr.tcp(v6).toString());
        assertEquals("/ip6/2001:db8::1/udp/65535/quic-v1", Multiaddr.quic(v6).toString());
        assertEquals(v6, Multiaddr.quic(v6).socketAddress());

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Multiaddr.parse("/dns4/example.com/tcp/443").socketAddress());
        assertTrue(e.getMessage().contains("has no IP socket address"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Multiaddr.parse("/ip4/1.2.3.4").socketAddress());
        e = assertThrows(IllegalArgumentException.class,
                () -> Multiaddr.tcp(InetSocketAddress.createUnresolved("example.com", 1)));
        assertTrue(e.getMessage().contains("unresolved"), e.getMessage());
    }

    @Test
    void buildsFromComponents() {
        Multiaddr a = Multiaddr.of(Component.of(Protocol.IP4, "1.2.3.4"), Component.of(Protocol.TCP, "5"));
        assertEquals("/ip4/1.2.3.4/tcp/5", a.toString());
        assertEquals(a, Multiaddr.of(List.of(new Component(Protocol.IP4, hex("01020304")),
                new Component(Protocol.TCP, hex("0005")))));
        assertThrows(IllegalArgumentException.class, () -> Multiaddr.of(List.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Component(Protocol.IP4, new byte[3]));
        assertEquals("ip4 value must be 4 bytes, got 3", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Component.of(Protocol.QUIC_V1, "x"));
    }

    @Test
    void componentsAreImmutable() {
        byte[] value = hex("01020304");
        Component c = new Component(Protocol.IP4, value);
        value[0] = 9;
        c.value()[1] = 9;
        assertArrayEquals(hex("01020304"), c.value());
        Multiaddr a = Multiaddr.parse("/ip4/1.2.3.4");
        a.bytes()[1] = 9;
        assertEquals("/ip4/1.2.3.4", Multiaddr.fromBytes(a.bytes()).toString());
    }
}
