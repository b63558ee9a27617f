package io.gsnode.gossipsub.policy;

import java.time.Duration;

/**
 * How long a first-seen message of a topic waits before its validation: time an application
 * would spend validating that the simulation does not model (the gossipsub-interop harness's
 * {@code setTopicValidationDelay}, which stands in for a data column's 5 ms). The router waits on
 * a timer, never on its thread. Called on the router thread, so it must be quick; implementations
 * may change their answer over time.
 */
@FunctionalInterface
public interface ValidationDelay {

    /** The wait for a message of {@code topic}; zero validates at once. */
    Duration of(String topic);

    ValidationDelay NONE = topic -> Duration.ZERO;
}
