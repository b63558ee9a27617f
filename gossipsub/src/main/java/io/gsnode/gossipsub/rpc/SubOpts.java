package io.gsnode.gossipsub.rpc;

/**
 * A subscription change. The two partial-message flags (v1.3) say what the sender wants and can do
 * on that topic; go always writes them, even when false.
 */
public record SubOpts(boolean subscribe, String topic, boolean requestsPartial, boolean supportsSendingPartial) {

    public static SubOpts subscribe(String topic) {
        return new SubOpts(true, topic, false, false);
    }

    public static SubOpts unsubscribe(String topic) {
        return new SubOpts(false, topic, false, false);
    }
}
