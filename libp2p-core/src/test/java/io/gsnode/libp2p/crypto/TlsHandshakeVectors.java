package io.gsnode.libp2p.crypto;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The signed keys inside the libp2p TLS spec's four test certificates (libp2p/specs
 * tls/tls.md "Test vectors", extracted from the certificates' 1.3.6.1.4.1.53594.1.1 extension).
 * Each identity key signed {@code "libp2p-tls-handshake:" ‖ SPKI} of the same P-256 certificate
 * key; certificate 4's signature does not match its key.
 */
final class TlsHandshakeVectors {

    static final byte[] CERT_SPKI = hex(
            "3059301306072a8648ce3d020106082a8648ce3d030107034200040c901d423c831ca85e27c73c263ba132"
                    + "721bb9d7a84c4f0380b2a6756fd601331c8870234dec878504c174144fa4b14b66a651691606d8"
                    + "173e55bd37e381569e");

    static final byte[] ED25519_KEY =
            hex("08011220a77f1d92fedb59dddaea5a1c4abd1ac2fbde7d7b879ed364501809923d7c11b9");
    static final byte[] ED25519_SIGNATURE = hex(
            "d90d2769db992d5e6195dbb08e706b6651e024fda6cfb8846694a435519941cac215a8207792e42849cc"
                    + "cc6cd8136c6e4bde92a58c5e08cfd4206eb5fe0bf909");

    static final byte[] ECDSA_KEY = hex(
            "0803125b3059301306072a8648ce3d020106082a8648ce3d03010703420004bf30511f909414ebdd3242"
                    + "178fd290f093a551cf75c973155de0bb5a96fedf6cb5d52da7563e794b512f66e60c7f55ba8a"
                    + "3acf3dd72a801980d205e8a1ad29f2");
    static final byte[] ECDSA_SIGNATURE = hex(
            "30450220064ea8124774caf8f50e57f436aa62350ce652418c019df5d98a3ac666c9386a022100aa59d7"
                    + "04a931b5f72fb9222cb6cc51f954d04a4e2e5450f8805fe8918f71eaae");

    static final byte[] SECP256K1_KEY =
            hex("080212210206dc6968726765b820f050263ececf7f71e4955892776c0970542efd689d2382");
    static final byte[] SECP256K1_SIGNATURE = hex(
            "30440220145e15a991961f0d08cd15425bb95ec93f6ffa03c5a385eedc34ecf464c7a8ab022026b310"
                    + "9b8a3f40ef833169777eb2aa337cfb6282f188de0666d1bcec2a4690dd");

    /** Certificate 4: the ECDSA key above, with a signature it did not make. */
    static final byte[] INVALID_ECDSA_SIGNATURE = hex(
            "3045022100bb6e03577b7cc7a3cd1558df0da2b117dfdcc0399bc2504ebe7de6f65cade72802206de96e"
                    + "2a5be9b6202adba24ee0362e490641ac45c240db71fe955f2c5cf8df6e");

    private TlsHandshakeVectors() {}

    /** What each identity key signed. */
    static byte[] signedMessage() {
        return Ed25519.concat("libp2p-tls-handshake:".getBytes(StandardCharsets.US_ASCII), CERT_SPKI);
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }
}
