package io.gsnode.netns.delay;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import com.sun.jna.NativeLong;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * One attachment to a TUN device ({@code IFF_TUN | IFF_NO_PI}: every read and write is one bare IP
 * packet). Opened inside the device's network namespace; afterwards it is read and written from
 * any thread of any namespace.
 *
 * <p>Reads and writes use two {@link FileChannel}s on duplicates of the one attachment (see
 * {@link FdAdoption}), so a thread blocked reading never holds up a thread writing, there is no
 * native call per packet, and {@link #close} wakes a blocked reader (it then sees
 * {@link java.nio.channels.AsynchronousCloseException}).
 */
public final class TunDevice implements AutoCloseable {

    private static final Path TUN_CLONE = Path.of("/dev/net/tun");

    private final String name;
    private final Path namespace;
    private final int mtu;
    private final boolean created;
    private final FileInputStream in;
    private final FileOutputStream out;
    private final FileChannel reads;
    private final FileChannel writes;

    private TunDevice(String name, Path namespace, int mtu, boolean created, FileInputStream in, FileOutputStream out) {
        this.name = name;
        this.namespace = namespace;
        this.mtu = mtu;
        this.created = created;
        this.in = in;
        this.out = out;
        this.reads = in.getChannel();
        this.writes = out.getChannel();
    }

    /**
     * Attaches to the TUN device {@code name} in {@code namespace}, creating it when it is absent
     * and {@code createIfAbsent} (a device created here is not persistent: the kernel removes it when
     * this attachment closes). A device made with {@code ip tuntap add mode tun} is attached as is.
     */
    public static TunDevice attach(Path namespace, String name, boolean createIfAbsent) throws IOException {
        byte[] nameBytes = name.getBytes(StandardCharsets.US_ASCII);
        if (nameBytes.length == 0 || nameBytes.length >= LinuxLibc.IFNAMSIZ) {
            throw new IllegalArgumentException("an interface name is 1-15 bytes, was '" + name + "'");
        }
        return NetNamespace.callIn(namespace, () -> attachHere(namespace, name, createIfAbsent));
    }

    private static TunDevice attachHere(Path namespace, String name, boolean createIfAbsent) throws IOException {
        boolean exists = LinuxLibc.C.if_nametoindex(name) != 0;
        if (!exists && !createIfAbsent) {
            throw new IOException("no device " + name + " in network namespace " + namespace);
        }
        int fd;
        try {
            fd = LinuxLibc.C.open(TUN_CLONE.toString(), LinuxLibc.O_RDWR | LinuxLibc.O_CLOEXEC);
        } catch (LastErrorException e) {
            throw new IOException("cannot open " + TUN_CLONE + ": " + LinuxLibc.describe(e)
                    + (e.getErrorCode() == 2 ? "; this kernel or container has no TUN support" : ""), e);
        }
        try {
            try (Memory ifr = ifreq(name)) {
                ifr.setShort(LinuxLibc.IFNAMSIZ, (short) (LinuxLibc.IFF_TUN | LinuxLibc.IFF_NO_PI));
                LinuxLibc.C.ioctl(fd, new NativeLong(LinuxLibc.TUNSETIFF), ifr);
            } catch (LastErrorException e) {
                throw new IOException("cannot attach to TUN device " + name + " in " + namespace + ": "
                        + attachProblem(e), e);
            }
            int mtu = mtuOf(name);
            FileInputStream in = FdAdoption.input(fd);
            FileOutputStream out;
            try {
                out = FdAdoption.output(fd);
            } catch (IOException e) {
                in.close();
                throw e;
            }
            return new TunDevice(name, namespace, mtu, !exists, in, out);
        } finally {
            LinuxLibc.closeQuietly(fd);
        }
    }

    private static String attachProblem(LastErrorException e) {
        return switch (e.getErrorCode()) {
            case 16 -> "another process is attached to it already (a second switch?)";
            case 22 -> "it exists but is not a single-queue TUN device";
            case 1 -> "not permitted: the device belongs to another user, or this process lacks CAP_NET_ADMIN in the namespace";
            default -> LinuxLibc.describe(e);
        };
    }

    /** The device's MTU, asked of a throwaway socket in the current namespace. */
    private static int mtuOf(String name) throws IOException {
        int sock;
        try {
            sock = LinuxLibc.C.socket(LinuxLibc.AF_INET, LinuxLibc.SOCK_DGRAM | LinuxLibc.SOCK_CLOEXEC, 0);
        } catch (LastErrorException e) {
            throw new IOException("cannot open a socket to read " + name + "'s MTU: " + LinuxLibc.describe(e), e);
        }
        try (Memory ifr = ifreq(name)) {
            LinuxLibc.C.ioctl(sock, new NativeLong(LinuxLibc.SIOCGIFMTU), ifr);
            return ifr.getInt(LinuxLibc.IFNAMSIZ);
        } catch (LastErrorException e) {
            throw new IOException("cannot read " + name + "'s MTU: " + LinuxLibc.describe(e), e);
        } finally {
            LinuxLibc.closeQuietly(sock);
        }
    }

    private static Memory ifreq(String name) {
        Memory ifr = new Memory(LinuxLibc.IFREQ_SIZE);
        ifr.clear();
        byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
        ifr.write(0, bytes, 0, bytes.length);
        return ifr;
    }

    /**
     * Reads one packet into {@code dst} from its position, blocking until one comes. A packet longer
     * than {@code dst}'s remaining space is cut short (the kernel drops the rest).
     *
     * @return the bytes read
     * @throws java.nio.channels.AsynchronousCloseException when {@link #close} ran meanwhile
     * @throws IOException when the device went away (deleted, its namespace destroyed)
     */
    public int read(ByteBuffer dst) throws IOException {
        return reads.read(dst);
    }

    /** Writes one packet: {@code src}'s remaining bytes, which must form one IP packet. */
    public void write(ByteBuffer src) throws IOException {
        writes.write(src);
    }

    public String name() {
        return name;
    }

    public Path namespace() {
        return namespace;
    }

    /** The device's MTU when it was attached. */
    public int mtu() {
        return mtu;
    }

    /** Whether the attach created the device (it then vanishes when this closes). */
    public boolean created() {
        return created;
    }

    public boolean isOpen() {
        return reads.isOpen() && writes.isOpen();
    }

    /** Detaches: wakes a blocked reader, and lets go of the device (and with it the namespace). */
    @Override
    public void close() throws IOException {
        IOException first = null;
        for (AutoCloseable c : new AutoCloseable[] {reads, in, writes, out}) {
            try {
                c.close();
            } catch (IOException e) {
                if (first == null) first = e;
            } catch (Exception e) {
                if (first == null) first = new IOException(e);
            }
        }
        if (first != null) throw first;
    }

    @Override
    public String toString() {
        return "TUN " + name + " in " + namespace;
    }
}
