package io.gsnode.segmentation.policy;

import io.gsnode.gossipsub.MessageId;
import io.gsnode.gossipsub.policy.RequestPolicy;
import io.gsnode.gossipsub.policy.RouterServices;
import io.gsnode.libp2p.peer.PeerId;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * The pull discipline of the report's tuned arms (docs/arms.md §6.3–6.6, the reference's
 * {@code FINAL}): the IWANT discipline, optionally with the offer table and its retry timer, and
 * optionally with the IHAVE commitment park. The router consults the request gate before calling
 * {@link #grant}; retries consult it themselves, so a declined id leaves no state here.
 *
 * <p>Router thread only (the router calls every hook there, and timers run there), except
 * {@link #counters()}.
 */
public final class DisciplinedRequests implements RequestPolicy {

    /** go: the retry timer fires this long after the window, so the ask it follows has aged out. */
    static final Duration RETRY_SLACK = Duration.ofMillis(5);

    private final DisciplineConfig config;
    private final IWantDiscipline discipline;
    private final OfferTable offers;
    private final CommitmentPark park;
    private RouterServices router;
    // Read by the record from other threads.
    private final LongAdder refusals = new LongAdder(), retries = new LongAdder(), parkedIHaves = new LongAdder();

    public DisciplinedRequests(DisciplineConfig config) {
        this.config = config;
        this.discipline = new IWantDiscipline(config.window().toNanos());
        this.offers = config.offerTable() ? new OfferTable() : null;
        this.park = config.park() == null ? null : new CommitmentPark(config.park());
    }

    public DisciplineConfig config() {
        return config;
    }

    @Override
    public void attach(RouterServices router) {
        this.router = router;
    }

    @Override
    public boolean ignoresAnnouncementsFrom(PeerId peer) {
        if (park == null || !park.parked(peer, router.nanoTime())) return false;
        parkedIHaves.increment();
        return true;
    }

    @Override
    public void onAnnounced(PeerId announcer, MessageId id, String topic) {
        if (offers != null) offers.record(announcer, id, topic, router.nanoTime());
    }

    @Override
    public boolean grant(PeerId announcer, MessageId id) {
        return ask(announcer, id);
    }

    @Override
    public void onDelivered(MessageId id) {
        if (offers != null) offers.clear(id);
        if (park != null) park.absolve(id);
    }

    @Override
    public void onHeartbeat() {
        long now = router.nanoTime();
        discipline.sweep(now);
        if (offers != null) offers.sweep(now);
    }

    /**
     * docs/arms.md §6.4: an id may be asked only when it has no ask younger than W. A granted ask
     * records its time, marks the announcer tried and arms the retry (offer table), and opens a
     * promise (park).
     */
    private boolean ask(PeerId peer, MessageId id) {
        long now = router.nanoTime();
        if (!discipline.tryAsk(id, now)) {
            refusals.increment();
            return false;
        }
        if (offers != null) {
            offers.markTried(id, peer, now);
            router.schedule(config.window().plus(RETRY_SLACK), () -> retry(id));
        }
        if (park != null) {
            park.open(id, peer, now);
            router.schedule(config.park().promise(), () -> promiseDue(id, peer, now));
        }
        return true;
    }

    /** docs/arms.md §6.5, retry: a window after an ask, re-ask the best remembered announcer. */
    private void retry(MessageId id) {
        if (router.seen(id)) {
            offers.clear(id);
            return;
        }
        long now = router.nanoTime();
        // An ask younger than the window has its own timer.
        if (discipline.inFlight(id, now) || !offers.hasOffers(id)) return;
        // go asks the gate once per candidate, after the park check; its decline counter sees each.
        Optional<PeerId> pick = offers.pick(id, peer -> (park == null || !park.parked(peer, now)) && router.gateAllows(id));
        if (pick.isEmpty() || !ask(pick.get(), id)) return;
        retries.increment();
        router.sendIWant(pick.get(), List.of(id));
    }

    /** docs/arms.md §6.6: a broken promise charges the peer and refunds the slot if still current. */
    private void promiseDue(MessageId id, PeerId peer, long askedAt) {
        if (park.due(id, peer, askedAt, router.nanoTime())) discipline.refund(id, askedAt);
    }

    /** The names {@link #counters()} uses, in its order. */
    public static final List<String> COUNTERS = List.of("discipline_refusals", "offer_retries", "promises_broken",
            "peers_parked", "ihave_ignored_parked");

    /**
     * Asks the discipline refused (in flight), offer-table retries sent, broken promises, peers
     * parked, and IHAVE RPCs ignored because their sender was parked.
     */
    public Map<String, Long> counters() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("discipline_refusals", refusals.sum());
        m.put("offer_retries", retries.sum());
        m.put("promises_broken", park == null ? 0 : park.brokenPromises());
        m.put("peers_parked", park == null ? 0 : park.parks());
        m.put("ihave_ignored_parked", parkedIHaves.sum());
        return m;
    }
}
