package io.gsnode.gossipsub;

/**
 * How we join a topic (v1.3, docs/wire.md §8.1): whether we ask peers for partial messages on
 * it and whether we can send them. Requesting implies supporting, as go's
 * {@code RequestPartialMessages()} sets both. Both flags go out in every subscription we announce.
 */
public record TopicOptions(boolean requestsPartial, boolean supportsSendingPartial) {

    /** An ordinary topic: full messages only. */
    public static final TopicOptions FULL_MESSAGES = new TopicOptions(false, false);
    /** Variant B's envelope topic: we want partial messages and serve them. */
    public static final TopicOptions REQUEST_PARTIAL = new TopicOptions(true, true);

    public TopicOptions {
        if (requestsPartial && !supportsSendingPartial) {
            throw new IllegalArgumentException("requesting partial messages implies supporting sending them");
        }
    }

    public boolean partialEnabled() {
        return requestsPartial || supportsSendingPartial;
    }
}
