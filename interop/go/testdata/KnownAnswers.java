import io.gsnode.libp2p.crypto.Ed25519;
import io.gsnode.libp2p.peer.PeerId;
import io.gsnode.segmentation.codec.GossipEncoding;
import io.gsnode.segmentation.codec.PayloadGenerator;
import io.gsnode.segmentation.ids.PrysmMessageId;
import io.gsnode.segmentation.ids.Topics;
import java.security.MessageDigest;
import java.util.HexFormat;

/** Prints the known answers interop/go's tests pin (run: java -cp gsnode.jar KnownAnswers.java). */
public class KnownAnswers {
    public static void main(String[] args) throws Exception {
        HexFormat hex = HexFormat.of();
        System.out.println("topic " + Topics.segment());
        for (int p : new int[] {1, 31, 33, 1000, 1048576}) {
            byte[] payload = PayloadGenerator.mainnetLike(p, PayloadGenerator.MEASURED_SEED);
            byte[] data = GossipEncoding.encode(payload);
            System.out.println("payload " + p + " sha256 " + hex.formatHex(MessageDigest.getInstance("SHA-256").digest(payload))
                    + " encoded " + data.length + " sha256 " + hex.formatHex(MessageDigest.getInstance("SHA-256").digest(data))
                    + " id " + hex.formatHex(PrysmMessageId.INSTANCE.messageId(Topics.segment(), data)));
        }
        byte[] junk = {1, 2, 3, (byte) 0xff};
        System.out.println("undecodable id " + hex.formatHex(PrysmMessageId.INSTANCE.messageId(Topics.segment(), junk)));
        for (int i : new int[] {0, 1, 2, 3, 254}) {
            System.out.println("peer " + i + " " + PeerId.fromPubKey(Ed25519.fromIndex(i).publicKey()));
        }
    }
}
