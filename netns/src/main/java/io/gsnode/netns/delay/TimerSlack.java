package io.gsnode.netns.delay;

import com.sun.jna.LastErrorException;
import com.sun.jna.NativeLong;

/**
 * The calling thread's timer slack: how far the kernel may defer its timed sleeps to batch
 * wake-ups (50 µs by default). The schedulers set it to 1 ns so their sleeps end on time.
 */
final class TimerSlack {

    private TimerSlack() {
    }

    /** Sets the calling thread's timer slack to 1 ns; false where the kernel refuses. */
    static boolean setMinimal() {
        try {
            NativeLong zero = new NativeLong(0);
            LinuxLibc.C.prctl(LinuxLibc.PR_SET_TIMERSLACK, new NativeLong(1), zero, zero, zero);
            return true;
        } catch (LastErrorException | UnsatisfiedLinkError e) {
            return false;
        }
    }
}
