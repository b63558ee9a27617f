/**
 * The gossipsub v1.3 partial-messages extension (docs/wire.md §8, docs/arms.md §8.1): the hook the
 * router calls ({@link io.gsnode.gossipsub.partial.PartialExtension}), what the router offers back
 * ({@link io.gsnode.gossipsub.partial.PartialRouterServices}), and the extension itself
 * ({@link io.gsnode.gossipsub.partial.PartialMessagesExtension}): per (topic, group) peer state, the
 * peer-initiated group caps and the group TTL, with part encoding left to an application
 * ({@link io.gsnode.gossipsub.partial.PartialMessagesApplication}), as go-libp2p-pubsub's
 * {@code partialmessages} package splits it.
 */
package io.gsnode.gossipsub.partial;
