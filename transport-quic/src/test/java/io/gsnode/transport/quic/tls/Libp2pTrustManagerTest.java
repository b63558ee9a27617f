package io.gsnode.transport.quic.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.crypto.Secp256k1;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.tls.Libp2pCertificateException.Reason;
import java.security.cert.X509Certificate;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.Test;

class Libp2pTrustManagerTest {

    private static final PrivKey SERVER = Ed25519.fromIndex(1);
    private static final PrivKey OTHER = Ed25519.fromIndex(2);

    @Test
    void clientAcceptsTheDialedPeerAndRecordsItsKey() throws Exception {
        Libp2pTrustManager manager = new Libp2pTrustManager(PeerId.fromPubKey(SERVER.publicKey()));
        assertNull(manager.remoteIdentity());
        // What agent15 passes, whatever the key type.
        manager.checkServerTrusted(chainOf(SERVER), "RSA");
        assertEquals(SERVER.publicKey(), manager.remoteIdentity());
        assertNull(manager.failure());
    }

    @Test
    void clientRejectsAnotherPeer() {
        PeerId expected = PeerId.fromPubKey(OTHER.publicKey());
        Libp2pTrustManager manager = new Libp2pTrustManager(expected);
        Libp2pCertificateException e = assertThrows(Libp2pCertificateException.class,
                () -> manager.checkServerTrusted(chainOf(SERVER), "UNKNOWN"));
        assertEquals(Reason.UNEXPECTED_PEER, e.reason());
        assertEquals("expected " + expected + ", certificate belongs to " + PeerId.fromPubKey(SERVER.publicKey()),
                e.getMessage());
        assertNull(manager.remoteIdentity(), "no identity recorded for a rejected peer");
        assertEquals(e, manager.failure(), "the reason is kept for after the TLS alert");
    }

    @Test
    void clientRejectsAnInvalidCertificateOfTheDialedPeer() {
        Libp2pTrustManager manager = new Libp2pTrustManager(PeerId.fromPubKey(SERVER.publicKey()));
        X509Certificate forged = TestCertificates.forIdentity(SERVER).signedBy(OTHER).build();
        Libp2pCertificateException e = assertThrows(Libp2pCertificateException.class,
                () -> manager.checkServerTrusted(new X509Certificate[] {forged}, "RSA"));
        assertEquals(Reason.BAD_EXTENSION_SIGNATURE, e.reason());
        assertNull(manager.remoteIdentity());
    }

    @Test
    void serverAcceptsAnyVerifiedPeerAndRecordsIt() throws Exception {
        PrivKey client = Secp256k1.generate();
        Libp2pTrustManager manager = Libp2pTrustManager.forServer();
        assertNull(manager.remoteIdentity());
        manager.checkClientTrusted(chainOf(client), "EC");
        assertEquals(client.publicKey(), manager.remoteIdentity());
    }

    @Test
    void serverStillVerifiesTheCertificate() {
        Libp2pTrustManager manager = Libp2pTrustManager.forServer();
        X509Certificate withoutExtension = TestCertificates.forIdentity(SERVER).withoutExtension().build();
        Libp2pCertificateException e = assertThrows(Libp2pCertificateException.class,
                () -> manager.checkClientTrusted(new X509Certificate[] {withoutExtension}, "EC"));
        assertEquals(Reason.MISSING_EXTENSION, e.reason());
        assertEquals(Reason.CHAIN_LENGTH, assertThrows(Libp2pCertificateException.class,
                () -> manager.checkClientTrusted(new X509Certificate[0], "EC")).reason());
        assertNull(manager.remoteIdentity());
    }

    @Test
    void namesNoAcceptedIssuers() {
        X509TrustManager manager = new Libp2pTrustManager(PeerId.fromPubKey(SERVER.publicKey()));
        assertEquals(0, manager.getAcceptedIssuers().length);
        assertEquals(0, Libp2pTrustManager.forServer().getAcceptedIssuers().length);
    }

    private static X509Certificate[] chainOf(PrivKey identity) {
        return new X509Certificate[] {Libp2pCertificate.generate(identity).certificate()};
    }
}
