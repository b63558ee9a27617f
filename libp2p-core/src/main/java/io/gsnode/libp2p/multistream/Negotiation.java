package io.gsnode.libp2p.multistream;

import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One multistream-select exchange as a pure state machine: bytes in, bytes out, no I/O. Adapters
 * run it on a raw socket or on a muxed stream.
 *
 * <p>Bytes that follow the settling message stay in the input buffer: lazy initiators (go's
 * {@code NewMSSelect}, js's {@code optimisticSelect}) send protocol data right behind their
 * proposal, and those bytes belong to the protocol.
 */
public abstract class Negotiation {

    private boolean headerReceived;
    private String protocol;

    /** An initiator that proposes {@code proposals} one at a time, in order. */
    public static Negotiation initiator(List<String> proposals) {
        if (proposals.isEmpty()) throw new IllegalArgumentException("no protocol to propose");
        return new Initiator(List.copyOf(proposals));
    }

    /** A responder that accepts the first proposal in {@code supported}. */
    public static Negotiation responder(Set<String> supported) {
        return new Responder(Set.copyOf(supported));
    }

    /** Writes what this side sends before hearing anything. */
    public abstract void start(ByteBuf out);

    /**
     * Consumes complete messages from {@code in}, writing replies to {@code out}.
     *
     * @return whether negotiation has settled; {@link #protocol()} then names the protocol
     * @throws NegotiationException on malformed input or when no protocol is in common
     */
    public final boolean receive(ByteBuf in, ByteBuf out) {
        while (protocol == null) {
            String message = MultistreamMessages.read(in);
            if (message == null) {
                return false;
            }
            if (!headerReceived) {
                if (!MultistreamMessages.HEADER.equals(message)) {
                    throw new NegotiationException("expected " + MultistreamMessages.HEADER + ", got '"
                            + MultistreamMessages.abbreviate(message) + "'");
                }
                headerReceived = true;
                continue;
            }
            protocol = onMessage(message, out);
        }
        return true;
    }

    /** The negotiated protocol, or {@code null} while negotiation is going on. */
    public final String protocol() {
        return protocol;
    }

    /** Handles one message after the header; returns the protocol once settled, else null. */
    abstract String onMessage(String message, ByteBuf out);

    private static final class Initiator extends Negotiation {
        private final List<String> proposals;
        private int current;

        Initiator(List<String> proposals) {
            this.proposals = proposals;
        }

        @Override
        public void start(ByteBuf out) {
            // Header and first proposal in one write: one round trip in the common case.
            MultistreamMessages.write(out, MultistreamMessages.HEADER);
            MultistreamMessages.write(out, proposals.get(0));
        }

        @Override
        String onMessage(String message, ByteBuf out) {
            String proposed = proposals.get(current);
            if (message.equals(proposed)) {
                return proposed;
            }
            if (!MultistreamMessages.NA.equals(message)) {
                throw new NegotiationException("proposed " + proposed + ", remote answered '"
                        + MultistreamMessages.abbreviate(message) + "'");
            }
            if (++current == proposals.size()) {
                throw new NegotiationException("remote supports none of " + proposals);
            }
            MultistreamMessages.write(out, proposals.get(current));
            return null;
        }
    }

    private static final class Responder extends Negotiation {
        /** Bounds how long a remote may keep proposing protocols we refuse. */
        private static final int MAX_REFUSALS = 32;

        private final Set<String> supported;
        private final List<String> refused = new ArrayList<>();

        Responder(Set<String> supported) {
            this.supported = supported;
        }

        @Override
        public void start(ByteBuf out) {
            // Like go's listener, send the header without waiting for the remote's.
            MultistreamMessages.write(out, MultistreamMessages.HEADER);
        }

        @Override
        String onMessage(String message, ByteBuf out) {
            if (supported.contains(message)) {
                MultistreamMessages.write(out, message);
                return message;
            }
            // 'ls' is optional; answering it with 'na' is allowed and nobody depends on it.
            if (refused.size() == MAX_REFUSALS) {
                throw new NegotiationException("remote proposed " + MAX_REFUSALS
                        + " unsupported protocols, last " + refused.subList(refused.size() - 3, refused.size()));
            }
            refused.add(MultistreamMessages.abbreviate(message));
            MultistreamMessages.write(out, MultistreamMessages.NA);
            return null;
        }
    }
}
