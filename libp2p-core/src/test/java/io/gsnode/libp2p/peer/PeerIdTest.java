package io.gsnode.libp2p.peer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.crypto.Ecdsa;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.multiformats.Base32;
import io.gsnode.libp2p.multiformats.Multihash;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PeerIdTest {

    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }

    // Test vectors of docs/wire.md §1.2 (full keys from libp2p/specs tls/tls.md and peer-ids.md).
    private static final String ED25519_TLS_KEY =
            "08011220a77f1d92fedb59dddaea5a1c4abd1ac2fbde7d7b879ed364501809923d7c11b9";
    private static final String SECP256K1_TLS_KEY =
            "080212210206dc6968726765b820f050263ececf7f71e4955892776c0970542efd689d2382";
    private static final String ECDSA_TLS_KEY =
            "0803125b3059301306072a8648ce3d020106082a8648ce3d03010703420004bf30511f909414ebdd3242"
                    + "178fd290f093a551cf75c973155de0bb5a96fedf6cb5d52da7563e794b512f66e60c7f55ba8a"
                    + "3acf3dd72a801980d205e8a1ad29f2";
    private static final String ED25519_SPEC_KEY =
            "080112201ed1e8fae2c4a144b8be8fd4b47bf3d3b34b871c3cacf6010f0e42d474fce27e";

    private static final String ED25519_SPEC_ID = "12D3KooWBtg3aaRMjxwedh83aGiUkwSxDwUZkzuJcfaqUmo7R3pq";

    @Test
    void derivesTheSpecPeerIds() {
        String[][] vectors = {
            {ED25519_TLS_KEY, "12D3KooWM6CgA9iBFZmcYAHA6A2qvbAxqfkmrYiRQuz3XEsk4Ksv"},
            {SECP256K1_TLS_KEY, "16Uiu2HAkutTMoTzDw1tCvSRtu6YoixJwS46S1ZFxW8hSx9fWHiPs"},
            {ECDSA_TLS_KEY, "QmfXbAwNjJLXfesgztEHe8HwgVDCMMpZ9Eax1HYq6hn9uE"},
            {ED25519_SPEC_KEY, ED25519_SPEC_ID},
        };
        for (String[] v : vectors) {
            PeerId id = PeerId.fromPubKey(PubKey.unmarshal(hex(v[0])));
            assertEquals(v[1], id.toBase58());
            assertEquals(v[1], id.toString());
            assertEquals(id, PeerId.parse(v[1]));
            assertEquals(id, PeerId.fromBytes(id.bytes()));
        }
    }

    @Test
    void inlinesSmallKeysAndHashesLargeOnes() {
        PeerId ed = PeerId.fromPubKey(PubKey.unmarshal(hex(ED25519_SPEC_KEY)));
        assertArrayEquals(hex("0024" + ED25519_SPEC_KEY), ed.bytes());
        assertEquals(38, ed.bytes().length);

        PeerId secp = PeerId.fromPubKey(PubKey.unmarshal(hex(SECP256K1_TLS_KEY)));
        assertArrayEquals(hex("0025" + SECP256K1_TLS_KEY), secp.bytes());

        PeerId ecdsa = PeerId.fromPubKey(PubKey.unmarshal(hex(ECDSA_TLS_KEY)));
        assertArrayEquals(Multihash.sha256(hex(ECDSA_TLS_KEY)), ecdsa.bytes());
        assertEquals(34, ecdsa.bytes().length);
    }

    @Test
    void interopIdentitiesFromIndex() {
        // gossipsub-interop convention (interop/PEER-PROTOCOL.md --key-seed). The same IDs come
        // from go-libp2p (interop/go `gopeer --key-seed N`, checked for N = 0, 1, 2) and from
        // Python's `cryptography` Ed25519.
        PeerId zero = PeerId.fromPubKey(Ed25519.fromIndex(0).publicKey());
        PeerId one = PeerId.fromPubKey(Ed25519.fromIndex(1).publicKey());
        System.out.println("Ed25519.fromIndex(0) peer ID: " + zero);
        System.out.println("Ed25519.fromIndex(1) peer ID: " + one);
        assertEquals("12D3KooWDpJ7As7BWAwRMfu1VU2WCqNjvq387JEYKDBj4kx6nXTN", zero.toString());
        assertEquals("12D3KooWPjceQrSwdWXPyLLeABRXmuqt69Rg3sBYbU1Nft9HyQ6X", one.toString());
        assertEquals("12D3KooWH3uVF6wv47WnArKHk5p6cvgCJEb74UTmxztmQDc298L3",
                PeerId.fromPubKey(Ed25519.fromIndex(2).publicKey()).toString());
    }

    @Test
    void parsesTheCidV1Form() {
        // peer-ids spec example: the same sha2-256 peer ID in both text forms.
        assertEquals(PeerId.parse("QmYyQSo1c1Ym7orWxLYvCrM2EmxFTANf8wXmmE7DWjhx5N"),
                PeerId.parse("bafzbeie5745rpv2m6tjyuugywy4d5ewrqgqqhfnf445he3omzpjbx5xqxe"));
        // An Ed25519 peer ID; CID computed independently (Python base64.b32encode).
        PeerId ed = PeerId.parse("bafzaajaiaejcahwr5d5ofrfbis4l5d6uwr57hu5tjodrypfm6yaq6dsc2r2pzyt6");
        assertEquals(ED25519_SPEC_ID, ed.toBase58());
        assertEquals("bafzaajaiaejcahwr5d5ofrfbis4l5d6uwr57hu5tjodrypfm6yaq6dsc2r2pzyt6", ed.toCidV1());
        PeerId random = PeerId.fromPubKey(Ed25519.generate().publicKey());
        assertEquals(random, PeerId.parse(random.toCidV1()));
    }

    @Test
    void rejectsACidWithTheWrongCodecOrVersion() {
        byte[] mh = PeerId.parse(ED25519_SPEC_ID).bytes();
        String dagPb = "b" + Base32.encode(concat(hex("0170"), mh));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PeerId.parse(dagPb));
        assertTrue(e.getMessage().contains("multicodec 0x70 is not libp2p-key (0x72)"), e.getMessage());

        String v2 = "b" + Base32.encode(concat(hex("0272"), mh));
        e = assertThrows(IllegalArgumentException.class, () -> PeerId.parse(v2));
        assertTrue(e.getMessage().contains("CID version 2, expected 1"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> PeerId.parse("bafz!"));
        assertTrue(e.getMessage().contains("invalid base32 character '!'"), e.getMessage());
    }

    @Test
    void rejectsOtherTextClearly() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> PeerId.parse("zQ3shZ"));
        assertTrue(e.getMessage().contains("not text starting with 'z'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PeerId.parse(""));
        e = assertThrows(IllegalArgumentException.class, () -> PeerId.parse("12D3KooW0"));
        assertTrue(e.getMessage().contains("invalid base58btc character '0'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> PeerId.parse("QmShort"));
        assertTrue(e.getMessage().contains("\"QmShort\" is an invalid peer ID"), e.getMessage());
    }

    @Test
    void fromBytesAcceptsOnlyIdentityAndSha256Multihashes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PeerId.fromBytes(concat(hex("1340"), new byte[64])));
        assertTrue(e.getMessage().contains("multihash function 0x13 is neither"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> PeerId.fromBytes(concat(hex("121f"), new byte[31])));
        assertTrue(e.getMessage().contains("sha2-256 multihash holds 31 bytes, expected 32"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class,
                () -> PeerId.fromBytes(concat(hex("002b"), new byte[43])));
        assertTrue(e.getMessage().contains("identity multihash holds 43 bytes"), e.getMessage());

        e = assertThrows(IllegalArgumentException.class, () -> PeerId.fromBytes(hex("0024aa")));
        assertTrue(e.getMessage().startsWith("invalid peer ID: multihash declares"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PeerId.fromBytes(new byte[0]));
    }

    @Test
    void extractsAnInlinedPublicKey() {
        PubKey key = PubKey.unmarshal(hex(ED25519_SPEC_KEY));
        PeerId id = PeerId.parse(ED25519_SPEC_ID);
        assertEquals(Optional.of(key), id.publicKey());
        assertTrue(id.matches(key));
        assertFalse(id.matches(Ed25519.fromIndex(0).publicKey()));

        PubKey ecdsa = Ecdsa.generate().publicKey();
        PeerId hashed = PeerId.fromPubKey(ecdsa);
        assertEquals(Optional.empty(), hashed.publicKey());
        assertTrue(hashed.matches(ecdsa));

        // An identity multihash that does not hold a key we can parse.
        assertEquals(Optional.empty(), PeerId.fromBytes(hex("0003010203")).publicKey());
    }

    @Test
    void ordersByUnsignedBytes() {
        PeerId low = PeerId.fromBytes(hex("00017f"));
        PeerId high = PeerId.fromBytes(hex("000180"));
        PeerId sha = PeerId.parse("QmfXbAwNjJLXfesgztEHe8HwgVDCMMpZ9Eax1HYq6hn9uE");
        List<PeerId> ids = new ArrayList<>(List.of(sha, high, low));
        Collections.sort(ids);
        assertEquals(List.of(low, high, sha), ids);
        assertEquals(0, low.compareTo(PeerId.fromBytes(hex("00017f"))));
    }

    @Test
    void equalityAndHashFollowTheBytes() {
        PeerId a = PeerId.parse(ED25519_SPEC_ID);
        PeerId b = PeerId.fromBytes(a.bytes());
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, PeerId.fromPubKey(Ed25519.fromIndex(0).publicKey()));
        byte[] bytes = a.bytes();
        bytes[3] ^= 1;
        assertEquals(b, a, "bytes() returns a copy");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
