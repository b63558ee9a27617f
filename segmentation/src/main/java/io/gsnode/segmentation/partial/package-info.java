/**
 * Variant B (docs/arms.md §8): the broadcaster that moves a segment group through the gossipsub
 * partial-messages extension. Small pieces, each named for what it is: the two wire formats
 * ({@link io.gsnode.segmentation.partial.PartsMetadata},
 * {@link io.gsnode.segmentation.partial.PartialMessageCodec}), the per-peer state
 * ({@link io.gsnode.segmentation.partial.PeerParts}), the push policy
 * ({@link io.gsnode.segmentation.partial.PushPhase}), the claim ledger with its strikes and
 * adaptive timeout ({@link io.gsnode.segmentation.partial.ClaimLedger},
 * {@link io.gsnode.segmentation.partial.StrikeBook},
 * {@link io.gsnode.segmentation.partial.AdaptiveTimeout}), the verifying store
 * ({@link io.gsnode.segmentation.partial.GroupStore},
 * {@link io.gsnode.segmentation.partial.DescriptorAuthenticator}), the receiver
 * ({@link io.gsnode.segmentation.partial.PartialReceiver}), the retry loop
 * ({@link io.gsnode.segmentation.partial.RetryLoop}) and the broadcaster that runs the publish
 * pass over them ({@link io.gsnode.segmentation.partial.PartialBroadcaster}).
 *
 * <p>Everything runs on the router thread (the extension calls in there), except reassembly of a
 * complete group, which runs on the broadcaster's own assembly thread.
 */
package io.gsnode.segmentation.partial;
