package io.gsnode.libp2p.multistream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MultistreamTest {

    private static String hex(ByteBuf b) {
        return ByteBufUtil.hexDump(b);
    }

    @Test
    void messageBytesMatchTheSpecVectors() {
        ByteBuf out = Unpooled.buffer();
        MultistreamMessages.write(out, "/multistream/1.0.0");
        assertEquals("13" + HexFormat.of().formatHex("/multistream/1.0.0".getBytes(StandardCharsets.UTF_8)) + "0a", hex(out));
        out.clear();
        MultistreamMessages.write(out, "na");
        assertEquals("036e610a", hex(out));
        out.clear();
        MultistreamMessages.write(out, "ls");
        assertEquals("036c730a", hex(out));
        out.release();
    }

    @Test
    void readWaitsForACompleteMessage() {
        ByteBuf in = Unpooled.buffer();
        MultistreamMessages.write(in, "/noise");
        ByteBuf partial = in.copy(0, 4);
        assertNull(MultistreamMessages.read(partial));
        assertEquals(0, partial.readerIndex());
        assertEquals("/noise", MultistreamMessages.read(in));
        assertFalse(in.isReadable());
        in.release();
        partial.release();
    }

    @Test
    void rejectsOversizedEmptyAndUnterminatedMessages() {
        ByteBuf tooLong = Unpooled.wrappedBuffer(new byte[] {(byte) 0x81, 0x08}); // 1025
        assertThrows(NegotiationException.class, () -> MultistreamMessages.read(tooLong));
        ByteBuf empty = Unpooled.wrappedBuffer(new byte[] {0});
        assertThrows(NegotiationException.class, () -> MultistreamMessages.read(empty));
        ByteBuf noNewline = Unpooled.wrappedBuffer(new byte[] {3, 'a', 'b', 'c'});
        NegotiationException e = assertThrows(NegotiationException.class, () -> MultistreamMessages.read(noNewline));
        assertTrue(e.getMessage().contains("newline"), e.getMessage());
    }

    @Test
    void initiatorAndResponderAgree() {
        Negotiation initiator = Negotiation.initiator(List.of("/yamux/1.0.0"));
        Negotiation responder = Negotiation.responder(Set.of("/yamux/1.0.0", "/mplex/6.7.0"));
        assertEquals("/yamux/1.0.0", exchange(initiator, responder));
    }

    @Test
    void initiatorFallsBackAfterNa() {
        // go dials TCP proposing /tls/1.0.0 first; we only speak /noise.
        Negotiation initiator = Negotiation.initiator(List.of("/tls/1.0.0", "/noise"));
        Negotiation responder = Negotiation.responder(Set.of("/noise"));
        assertEquals("/noise", exchange(initiator, responder));
    }

    @Test
    void noCommonProtocolFailsTheInitiator() {
        Negotiation initiator = Negotiation.initiator(List.of("/tls/1.0.0"));
        Negotiation responder = Negotiation.responder(Set.of("/noise"));
        NegotiationException e = assertThrows(NegotiationException.class, () -> exchange(initiator, responder));
        assertTrue(e.getMessage().contains("none of [/tls/1.0.0]"), e.getMessage());
    }

    @Test
    void responderKeepsDataThatALazyInitiatorSentBehindItsProposal() {
        ByteBuf in = Unpooled.buffer();
        MultistreamMessages.write(in, MultistreamMessages.HEADER);
        MultistreamMessages.write(in, "/meshsub/1.1.0");
        in.writeBytes(new byte[] {1, 2, 3});
        Negotiation responder = Negotiation.responder(Set.of("/meshsub/1.1.0"));
        ByteBuf out = Unpooled.buffer();
        assertTrue(responder.receive(in, out));
        assertEquals("/meshsub/1.1.0", responder.protocol());
        assertEquals("010203", hex(in));
        in.release();
        out.release();
    }

    @Test
    void garbageInsteadOfTheHeaderIsRejected() {
        ByteBuf in = Unpooled.copiedBuffer("GET / HTTP/1.1\r\nHost: x\r\n\r\n" + "x".repeat(80), StandardCharsets.US_ASCII);
        Negotiation responder = Negotiation.responder(Set.of("/noise"));
        ByteBuf out = Unpooled.buffer();
        assertThrows(NegotiationException.class, () -> responder.receive(in, out));
        in.release();
        out.release();
    }

    @Test
    void responderStopsAnEndlessRunOfRefusedProposals() {
        Negotiation responder = Negotiation.responder(Set.of("/noise"));
        ByteBuf in = Unpooled.buffer();
        MultistreamMessages.write(in, MultistreamMessages.HEADER);
        for (int i = 0; i < 40; i++) MultistreamMessages.write(in, "/nope/" + i);
        ByteBuf out = Unpooled.buffer();
        assertThrows(NegotiationException.class, () -> responder.receive(in, out));
        in.release();
        out.release();
    }

    /** Runs both sides against each other in memory until the initiator settles. */
    private static String exchange(Negotiation initiator, Negotiation responder) {
        ByteBuf toResponder = Unpooled.buffer();
        ByteBuf toInitiator = Unpooled.buffer();
        try {
            initiator.start(toResponder);
            responder.start(toInitiator);
            for (int round = 0; round < 10; round++) {
                responder.receive(toResponder, toInitiator);
                if (initiator.receive(toInitiator, toResponder)) {
                    assertEquals(initiator.protocol(), responder.protocol());
                    return initiator.protocol();
                }
            }
            throw new AssertionError("negotiation did not settle");
        } finally {
            toResponder.release();
            toInitiator.release();
        }
    }
}
