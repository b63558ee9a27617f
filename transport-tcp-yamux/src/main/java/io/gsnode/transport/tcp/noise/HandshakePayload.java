package io.gsnode.transport.tcp.noise;

import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.libp2p.protobuf.ProtoReader;
import io.gsnode.libp2p.protobuf.ProtoWriter;
import java.nio.charset.StandardCharsets;

/**
 * The libp2p NoiseHandshakePayload: the identity key and its signature over the Noise static key.
 * Extensions (field 4) are neither sent nor required: the muxer is then negotiated with
 * multistream-select, which every peer supports.
 */
final class HandshakePayload {

    private static final byte[] SIGNATURE_PREFIX = "noise-libp2p-static-key:".getBytes(StandardCharsets.US_ASCII);

    private HandshakePayload() {}

    static byte[] create(PrivKey identity, byte[] staticPublicKey) {
        return new ProtoWriter()
                .writeBytesField(1, identity.publicKey().bytes())
                .writeBytesField(2, identity.sign(signedBytes(staticPublicKey)))
                .toByteArray();
    }

    /**
     * Checks a remote's payload against the static key it used in the handshake.
     *
     * @return the remote's identity key
     * @throws NoiseException when the payload is malformed or the signature does not verify
     */
    static PubKey verify(byte[] payload, byte[] remoteStaticKey) {
        byte[] key = null;
        byte[] signature = null;
        try {
            ProtoReader r = new ProtoReader(payload);
            while (r.next()) {
                switch (r.field()) {
                    case 1 -> key = r.readBytes();
                    case 2 -> signature = r.readBytes();
                    default -> r.skip();
                }
            }
        } catch (IllegalArgumentException e) {
            throw new NoiseException("malformed noise handshake payload: " + e.getMessage(), e);
        }
        if (key == null || signature == null) {
            throw new NoiseException("noise handshake payload lacks the identity key or its signature");
        }
        PubKey identity;
        try {
            identity = PubKey.unmarshal(key);
        } catch (IllegalArgumentException e) {
            throw new NoiseException("noise handshake payload has an unusable identity key: " + e.getMessage(), e);
        }
        if (!identity.verify(signedBytes(remoteStaticKey), signature)) {
            throw new NoiseException("noise static key signature does not verify for " + PeerId.fromPubKey(identity));
        }
        return identity;
    }

    private static byte[] signedBytes(byte[] staticPublicKey) {
        byte[] signed = new byte[SIGNATURE_PREFIX.length + staticPublicKey.length];
        System.arraycopy(SIGNATURE_PREFIX, 0, signed, 0, SIGNATURE_PREFIX.length);
        System.arraycopy(staticPublicKey, 0, signed, SIGNATURE_PREFIX.length, staticPublicKey.length);
        return signed;
    }
}
