package io.gsnode.libp2p.identify;

import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.multiaddr.Multiaddr;
import io.gsnode.libp2p.protobuf.ProtoReader;
import io.gsnode.libp2p.protobuf.ProtoWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The identify protobuf (proto2; fields 1 publicKey, 2 listenAddrs, 3 protocols, 4 observedAddr,
 * 5 protocolVersion, 6 agentVersion). The signed peer record (8) is neither sent nor read.
 *
 * @param publicKey the sender's identity key, or {@code null} if it sent none
 * @param observedAddr how the sender sees us, or {@code null}
 */
public record IdentifyMessage(
        String protocolVersion,
        String agentVersion,
        PubKey publicKey,
        List<Multiaddr> listenAddrs,
        Multiaddr observedAddr,
        List<String> protocols) {

    public static final String PROTOCOL_VERSION = "ipfs/0.1.0";

    public byte[] encode() {
        ProtoWriter w = new ProtoWriter();
        if (publicKey != null) w.writeBytesField(1, publicKey.bytes());
        for (Multiaddr a : listenAddrs) w.writeBytesField(2, a.bytes());
        for (String p : protocols) w.writeStringField(3, p);
        if (observedAddr != null) w.writeBytesField(4, observedAddr.bytes());
        if (protocolVersion != null) w.writeStringField(5, protocolVersion);
        if (agentVersion != null) w.writeStringField(6, agentVersion);
        return w.toByteArray();
    }

    /**
     * Decodes a message. Addresses we cannot parse (protocols we do not know) are skipped, as go and
     * js may list transports we lack; a malformed key or protobuf is an error.
     */
    public static IdentifyMessage decode(byte[] bytes) {
        ProtoReader r = new ProtoReader(bytes);
        String protocolVersion = null;
        String agentVersion = null;
        PubKey publicKey = null;
        Multiaddr observed = null;
        List<Multiaddr> listen = new ArrayList<>();
        List<String> protocols = new ArrayList<>();
        while (r.next()) {
            switch (r.field()) {
                case 1 -> publicKey = PubKey.unmarshal(r.readBytes());
                case 2 -> parseAddr(r.readBytes(), listen);
                case 3 -> protocols.add(r.readString());
                case 4 -> {
                    List<Multiaddr> one = new ArrayList<>(1);
                    parseAddr(r.readBytes(), one);
                    observed = one.isEmpty() ? null : one.get(0);
                }
                case 5 -> protocolVersion = r.readString();
                case 6 -> agentVersion = r.readString();
                default -> r.skip();
            }
        }
        return new IdentifyMessage(protocolVersion, agentVersion, publicKey, listen, observed, protocols);
    }

    private static void parseAddr(byte[] bytes, List<Multiaddr> into) {
        try {
            into.add(Multiaddr.fromBytes(bytes));
        } catch (IllegalArgumentException unknownProtocol) {
            // A transport we do not speak (webrtc, dns variants, ...): not ours to dial.
        }
    }
}
