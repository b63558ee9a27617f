package io.gsnode.transport.tcp;

import io.gsnode.libp2p.multistream.MultistreamMessages;
import io.gsnode.transport.tcp.noise.NoiseHandshake;
import io.gsnode.transport.tcp.noise.NoiseSession;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;

/**
 * A blocking client that speaks just enough libp2p to misbehave at a chosen layer: raw bytes,
 * multistream-select, a Noise handshake it drives itself, and bytes sealed in Noise frames.
 */
final class RawClient implements AutoCloseable {

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private NoiseSession session;
    private final ByteBuf plaintext = Unpooled.buffer();

    RawClient(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, 5000);
        socket.setSoTimeout(10_000);
        in = new DataInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** Shrinks our socket's receive buffer, so that what we never read backs up at the sender soon. */
    void receiveBufferBytes(int bytes) throws IOException {
        socket.setReceiveBufferSize(bytes);
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Negotiates {@code protocol} on the raw socket, as a dialer. */
    void selectRaw(String protocol) throws IOException {
        ByteBuf msg = Unpooled.buffer();
        MultistreamMessages.write(msg, MultistreamMessages.HEADER);
        MultistreamMessages.write(msg, protocol);
        sendRaw(bytes(msg));
        ByteBuf received = Unpooled.buffer();
        expectLine(received, MultistreamMessages.HEADER, () -> received.writeByte(in.readUnsignedByte()));
        expectLine(received, protocol, () -> received.writeByte(in.readUnsignedByte()));
    }

    void handshake(NoiseHandshake handshake) throws IOException {
        while (!handshake.isComplete()) {
            if (handshake.isOurTurn()) {
                sendFrame(handshake.writeMessage());
            } else {
                handshake.readMessage(readFrame());
            }
        }
        session = handshake.split();
    }

    /** Negotiates {@code protocol} inside Noise, as a dialer. */
    void selectSecure(String protocol) throws IOException {
        ByteBuf msg = Unpooled.buffer();
        MultistreamMessages.write(msg, MultistreamMessages.HEADER);
        MultistreamMessages.write(msg, protocol);
        sendSecure(bytes(msg));
        expectLine(plaintext, MultistreamMessages.HEADER, this::readSecure);
        expectLine(plaintext, protocol, this::readSecure);
    }

    void sendFrame(byte[] message) throws IOException {
        ByteBuf frame = Unpooled.buffer().writeShort(message.length).writeBytes(message);
        sendRaw(bytes(frame));
    }

    void sendSecure(byte[] data) throws IOException {
        byte[] cipher = new byte[data.length + 16];
        int n = session.encrypt(data, 0, data.length, cipher, 0);
        byte[] exact = new byte[n];
        System.arraycopy(cipher, 0, exact, 0, n);
        sendFrame(exact);
    }

    /** Waits for the remote to close the connection; true if it did within {@code timeout}. */
    boolean closedByRemote(Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.toMillis());
        try {
            while (in.read() >= 0) {
                // Drain whatever the remote sent before closing (a go-away, say).
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException reset) {
            return true;
        }
    }

    /** Closes the socket only, waking a send blocked on it; {@link #close()} still frees the rest. */
    void closeSocket() throws IOException {
        socket.close();
    }

    @Override
    public void close() throws IOException {
        plaintext.release();
        socket.close();
    }

    private byte[] readFrame() throws IOException {
        int length = in.readUnsignedShort();
        byte[] frame = new byte[length];
        in.readFully(frame);
        return frame;
    }

    private void readSecure() throws IOException {
        byte[] frame = readFrame();
        byte[] plain = new byte[frame.length];
        int n = session.decrypt(frame, 0, frame.length, plain, 0);
        plaintext.writeBytes(plain, 0, n);
    }

    private interface Refill {
        void more() throws IOException;
    }

    private static void expectLine(ByteBuf buffer, String expected, Refill refill) throws IOException {
        while (true) {
            String line = MultistreamMessages.read(buffer);
            if (line != null) {
                if (!line.equals(expected)) throw new IOException("expected " + expected + ", got " + line);
                return;
            }
            try {
                refill.more();
            } catch (EOFException e) {
                throw new IOException("connection closed while waiting for " + expected, e);
            }
        }
    }

    private static byte[] bytes(ByteBuf buf) {
        byte[] b = new byte[buf.readableBytes()];
        buf.readBytes(b);
        buf.release();
        return b;
    }
}
