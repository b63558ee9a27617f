package io.gsnode.transport.quic.tls;

import io.gsnode.libp2p.crypto.PubKey;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.transport.quic.tls.Libp2pCertificateException.Reason;
import java.net.Socket;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The trust decision for one libp2p TLS handshake: runs {@link Libp2pCertificateVerifier} on the
 * peer's chain, checks the peer ID when one is expected (docs/wire.md §6.3 step 6), and records
 * the identity key it verified, or why it refused. Use one instance per connection.
 *
 * <p>For Kwik, pass a client instance to {@code QuicClientConnection.Builder.customTrustManager}
 * after {@code noServerCertificateCheck()}; agent15 calls {@code checkServerTrusted(chain, "RSA")}
 * whatever the key type, so {@code authType} is ignored. It extends {@link
 * X509ExtendedTrustManager} so that JSSE-based stacks use it as it is instead of wrapping it in
 * their own host name and algorithm checks, which do not apply to self-signed libp2p certificates.
 *
 * <p>Thread-safe: {@link #remoteIdentity()} may be read from any thread.
 */
public final class Libp2pTrustManager extends X509ExtendedTrustManager {

    private static final X509Certificate[] NO_ISSUERS = new X509Certificate[0];

    /** The peer the certificate must belong to; null to accept any verified peer. */
    private final PeerId expectedPeer;
    private final Clock clock;
    private volatile PubKey remoteIdentity;
    private volatile Libp2pCertificateException failure;

    /**
     * For a client: accepts only a certificate of {@code expectedServer}, the peer ID dialed.
     * libp2p TLS spec: "Clients MUST verify that the peer ID derived from the certificate matches
     * the peer ID they intended to connect to".
     */
    public Libp2pTrustManager(PeerId expectedServer) {
        this(Objects.requireNonNull(expectedServer, "expectedServer"), Clock.systemUTC());
    }

    Libp2pTrustManager(PeerId expectedPeer, Clock clock) {
        this.expectedPeer = expectedPeer;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * For a server checking its clients: any peer is accepted, provided its certificate verifies;
     * {@link #remoteIdentity()} then says who it is.
     */
    public static Libp2pTrustManager forServer() {
        return new Libp2pTrustManager(null, Clock.systemUTC());
    }

    /** The identity key of the last chain that passed, or null if none has yet. */
    public PubKey remoteIdentity() {
        return remoteIdentity;
    }

    /**
     * Why the last chain was rejected, or null if none was or the last one passed. The TLS stack
     * turns the exception into a bare bad_certificate alert (agent15's {@code
     * BadCertificateAlert}), so this is where the caller finds the reason afterwards.
     */
    public Libp2pCertificateException failure() {
        return failure;
    }

    /**
     * Verifies {@code chain} and, for a client instance, that it belongs to the expected peer;
     * records the identity on success.
     *
     * @throws Libp2pCertificateException naming the check that failed
     */
    private void check(X509Certificate[] chain) throws Libp2pCertificateException {
        try {
            PubKey identity = Libp2pCertificateVerifier.verify(
                    chain == null ? List.of() : Arrays.asList(chain), clock.instant());
            if (expectedPeer != null) {
                PeerId actual = PeerId.fromPubKey(identity);
                if (!actual.equals(expectedPeer)) {
                    throw new Libp2pCertificateException(Reason.UNEXPECTED_PEER,
                            "expected " + expectedPeer + ", certificate belongs to " + actual);
                }
            }
            failure = null;
            remoteIdentity = identity;
        } catch (Libp2pCertificateException e) {
            failure = e;
            throw e;
        }
    }

    /** The server's chain, as a client sees it. {@code authType} is ignored. */
    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType)
            throws Libp2pCertificateException {
        check(chain);
    }

    /**
     * A client's chain, as a server sees it. {@code authType} is ignored; an instance built with
     * an expected peer enforces it here too.
     */
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType)
            throws Libp2pCertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws Libp2pCertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws Libp2pCertificateException {
        check(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws Libp2pCertificateException {
        check(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws Libp2pCertificateException {
        check(chain);
    }

    /** Empty: libp2p certificates are self-signed, so there are no CAs to name. */
    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return NO_ISSUERS;
    }

    @Override
    public String toString() {
        return expectedPeer == null
                ? "libp2p trust manager accepting any peer"
                : "libp2p trust manager expecting " + expectedPeer;
    }
}
