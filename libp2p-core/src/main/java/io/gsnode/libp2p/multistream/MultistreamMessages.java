package io.gsnode.libp2p.multistream;

import io.gsnode.libp2p.multiformats.UVarint;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** The framing of multistream-select: {@code uvarint(len) text '\n'}, where len counts the newline. */
public final class MultistreamMessages {

    public static final String HEADER = "/multistream/1.0.0";
    public static final String NA = "na";
    public static final String LS = "ls";
    /** go returns ErrTooLarge above this and js caps protocol lines at the same length. */
    public static final int MAX_LINE_BYTES = 1024;

    private MultistreamMessages() {}

    public static void write(ByteBuf out, String line) {
        byte[] text = line.getBytes(StandardCharsets.UTF_8);
        if (text.length + 1 > MAX_LINE_BYTES) {
            throw new IllegalArgumentException(
                    "multistream line of " + (text.length + 1) + " bytes exceeds " + MAX_LINE_BYTES + ": " + line);
        }
        UVarint.write(out, text.length + 1);
        out.writeBytes(text);
        out.writeByte('\n');
    }

    /**
     * Reads one message, or returns {@code null} and leaves {@code in} untouched when it is not
     * complete yet.
     *
     * @throws NegotiationException when the message is too long, empty or lacks its newline
     */
    public static String read(ByteBuf in) {
        int start = in.readerIndex();
        long length;
        try {
            length = UVarint.read(in);
        } catch (IllegalArgumentException e) {
            throw new NegotiationException("malformed multistream length prefix: " + e.getMessage());
        }
        if (length < 0) {
            return null;
        }
        if (length == 0 || length > MAX_LINE_BYTES) {
            throw new NegotiationException(
                    "multistream message length " + length + " outside 1.." + MAX_LINE_BYTES);
        }
        if (in.readableBytes() < length) {
            in.readerIndex(start);
            return null;
        }
        String text = in.toString(in.readerIndex(), (int) length - 1, StandardCharsets.UTF_8);
        byte last = in.getByte(in.readerIndex() + (int) length - 1);
        in.skipBytes((int) length);
        if (last != '\n') {
            throw new NegotiationException("multistream message does not end in a newline: " + abbreviate(text));
        }
        return text;
    }

    static String abbreviate(String s) {
        String printable = s.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() <= 64 ? printable : printable.substring(0, 64) + "...";
    }
}
