package io.gsnode.gossipsub;

/**
 * Why the router dropped something a peer sent. The labels reach {@code RouterTracer.rejected},
 * and from there counters, records and tests that look them up by text, so they never change.
 */
enum RejectReason {
    GRAYLISTED("graylisted"),
    SUBSCRIPTIONS_OVER_RPC_LIMIT("subscriptions_over_rpc_limit"),
    SUBSCRIPTIONS_OVER_PEER_LIMIT("subscriptions_over_peer_limit"),
    TOPIC_NAME_TOO_LONG("topic_name_too_long"),
    PARTIAL_WITHOUT_EXTENSION("partial_without_extension"),
    UNKNOWN_TOPIC("unknown_topic"),
    SIGNATURE_POLICY("signature_policy"),
    INVALID("invalid"),
    IGNORED("ignored"),
    REPEATED_EXTENSIONS("repeated_extensions"),
    IDONTWANT_OVER_LIMIT("idontwant_over_limit"),
    IDONTWANT_IDS_OVER_LIMIT("idontwant_ids_over_limit"),
    IHAVE_BELOW_GOSSIP_THRESHOLD("ihave_below_gossip_threshold"),
    IHAVE_PARKED("ihave_parked"),
    IHAVE_OVER_LIMIT("ihave_over_limit"),
    IHAVE_IDS_OVER_LIMIT("ihave_ids_over_limit"),
    IWANT_BUDGET_SPENT("iwant_budget_spent"),
    DECLINED_BY_GATE("declined_by_gate"),
    IWANT_BELOW_GOSSIP_THRESHOLD("iwant_below_gossip_threshold"),
    IWANT_RETRANSMISSION_CAP("iwant_retransmission_cap"),
    GRAFT_UNKNOWN_TOPIC("graft_unknown_topic"),
    GRAFT_DURING_BACKOFF("graft_during_backoff"),
    PRUNE_UNKNOWN_TOPIC("prune_unknown_topic");

    private final String label;

    RejectReason(String label) {
        this.label = label;
    }

    /** The text the tracer records. */
    String label() {
        return label;
    }
}
