package io.gsnode.netns.delay;

import com.sun.jna.LastErrorException;

/**
 * The calling thread's nice value ({@code setpriority(PRIO_PROCESS, gettid(), n)}, per thread on
 * Linux). The switch plays the network, which in the kernel runs ahead of every process; raising
 * its threads' priority keeps busy nodes from delaying packets the switch owes the others. Needs
 * CAP_SYS_NICE to go below 0 (root has it; an unprivileged user namespace does not): where refused
 * the thread keeps its priority and the stats say so.
 */
final class ThreadNice {

    private static final int PRIO_PROCESS = 0;

    private ThreadNice() {
    }

    /** Sets the calling thread's nice value; false where the kernel refuses. */
    static boolean set(int nice) {
        try {
            LinuxLibc.C.setpriority(PRIO_PROCESS, LinuxLibc.C.gettid(), nice);
            return true;
        } catch (LastErrorException | UnsatisfiedLinkError e) {
            return false;
        }
    }
}
