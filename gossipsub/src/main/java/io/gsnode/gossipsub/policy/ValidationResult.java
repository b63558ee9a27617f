package io.gsnode.gossipsub.policy;

/** The application's verdict on a message (docs/wire.md §7.7 step 5). */
public enum ValidationResult {
    /** Deliver, cache and forward. */
    ACCEPT,
    /** Invalid: drop and count against the sender. */
    REJECT,
    /** Drop without penalty (for example: not useful to us). */
    IGNORE
}
