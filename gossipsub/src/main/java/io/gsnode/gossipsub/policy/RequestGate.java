package io.gsnode.gossipsub.policy;

import io.gsnode.gossipsub.MessageId;

/**
 * The application's say over every IWANT the router would send (docs/arms.md §6.7). It is asked before
 * any request policy, so a decline leaves no request state behind.
 */
@FunctionalInterface
public interface RequestGate {

    boolean allow(MessageId id);

    RequestGate ALLOW_ALL = id -> true;
}
