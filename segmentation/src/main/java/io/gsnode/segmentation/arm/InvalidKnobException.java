package io.gsnode.segmentation.arm;

/** A {@code SEGMENT_*} knob (or a combination) the arm cannot run with; the message names the knob, its value and what is allowed. */
public final class InvalidKnobException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidKnobException(String message) {
        super(message);
    }
}
