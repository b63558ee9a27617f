package io.gsnode.netns.delay;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;

/**
 * The few libc calls the switch needs, through JNA. They are made only when a namespace is entered
 * or a device attached, never per packet: packets go through {@link java.nio.channels.FileChannel}s
 * on the device (see {@link FdAdoption}).
 *
 * <p>Constants are Linux's on x86-64 and arm64 (the generic ABI).
 */
interface LinuxLibc extends Library {

    LinuxLibc C = Native.load("c", LinuxLibc.class);

    int O_RDONLY = 0;
    int O_RDWR = 2;
    int O_CLOEXEC = 0x80000;
    int CLONE_NEWNET = 0x40000000;
    int AF_INET = 2;
    int SOCK_DGRAM = 2;
    int SOCK_CLOEXEC = 0x80000;
    /** {@code _IOW('T', 202, int)}. */
    long TUNSETIFF = 0x400454caL;
    long SIOCGIFMTU = 0x8921L;
    short IFF_TUN = 0x0001;
    short IFF_NO_PI = 0x1000;
    /** {@code struct ifreq} on 64-bit Linux: a 16-byte name and a 24-byte union. */
    int IFREQ_SIZE = 40;
    int IFNAMSIZ = 16;
    int PR_SET_TIMERSLACK = 29;

    int open(String path, int flags) throws LastErrorException;

    int close(int fd) throws LastErrorException;

    int setns(int fd, int nstype) throws LastErrorException;

    int ioctl(int fd, NativeLong request, Pointer arg) throws LastErrorException;

    int dup3(int oldFd, int newFd, int flags) throws LastErrorException;

    int socket(int domain, int type, int protocol) throws LastErrorException;

    int if_nametoindex(String name);

    int prctl(int option, NativeLong arg2, NativeLong arg3, NativeLong arg4, NativeLong arg5) throws LastErrorException;

    int setpriority(int which, int who, int prio) throws LastErrorException;

    int gettid();

    String strerror(int errno);

    /** Closes {@code fd}, ignoring errors: for cleanup paths that already have an error to report. */
    static void closeQuietly(int fd) {
        if (fd < 0) return;
        try {
            C.close(fd);
        } catch (LastErrorException ignored) {
            // nothing more to do with a descriptor that will not close
        }
    }

    /** "ENOENT-style" text for an errno from a {@link LastErrorException}. */
    static String describe(LastErrorException e) {
        return C.strerror(e.getErrorCode()) + " (errno " + e.getErrorCode() + ")";
    }
}
