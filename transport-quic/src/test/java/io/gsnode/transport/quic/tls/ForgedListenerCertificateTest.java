package io.gsnode.transport.quic.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gsnode.libp2p.connection.ConnectionLimits;
import io.gsnode.libp2p.connection.FailureKind;
import io.gsnode.libp2p.connection.ProtocolViolation;
import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.crypto.PrivKey;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.QuicConfig;
import io.gsnode.transport.quic.kwik.KwikEngine;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tech.kwik.core.log.NullLogger;
import tech.kwik.core.server.ApplicationProtocolConnection;
import tech.kwik.core.server.ApplicationProtocolConnectionFactory;
import tech.kwik.core.server.ServerConnectionConfig;
import tech.kwik.core.server.ServerConnector;

/**
 * A QUIC listener whose certificate claims an identity it cannot sign for: our dialer must refuse
 * it in the handshake and say why, as a security failure.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ForgedListenerCertificateTest {

    @Test
    void dialerRefusesACertificateWhoseExtensionSignatureDoesNotMatchItsKey() throws Exception {
        PrivKey claimed = Ed25519.fromIndex(50);
        PrivKey forger = Ed25519.fromIndex(51);
        TestCertificates.Issued forged = TestCertificates.forIdentity(claimed).signedBy(forger).issue();

        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        char[] password = "x".toCharArray();
        keys.setKeyEntry("k", forged.key(), password, new Certificate[] {forged.certificate()});
        DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        ServerConnector server = ServerConnector.builder()
                .withSocket(socket)
                .withKeyStore(keys, "k", password, "secp256r1")
                .withConfiguration(ServerConnectionConfig.builder().retryRequired(ServerConnectionConfig.RetryRequired.Never).build())
                .withLogger(new NullLogger())
                .build();
        server.registerApplicationProtocol("libp2p", new ApplicationProtocolConnectionFactory() {
            @Override
            public ApplicationProtocolConnection createConnection(String protocol, tech.kwik.core.QuicConnection connection) {
                return new ApplicationProtocolConnection() {};
            }
        });
        server.start();
        KwikEngine dialer = new KwikEngine(Ed25519.fromIndex(52), QuicConfig.DEFAULT.withEngine("kwik"), ConnectionLimits.DEFAULT);
        try {
            ExecutionException e = assertThrows(ExecutionException.class, () -> dialer
                    .dial((InetSocketAddress) socket.getLocalSocketAddress(), PeerId.fromPubKey(claimed.publicKey()))
                    .get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ProtocolViolation, e.toString());
            assertEquals(FailureKind.SECURITY, ((ProtocolViolation) e.getCause()).kind());
            assertTrue(e.getCause().getMessage().toLowerCase().contains("signature"), e.getCause().getMessage());
        } finally {
            dialer.close().get(10, TimeUnit.SECONDS);
            server.close();
        }
    }
}
