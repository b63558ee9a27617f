package io.gsnode.tools.results.compare;

import io.gsnode.formats.record.CellIdentity;
import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.record.NodeRecord;
import io.gsnode.tools.results.Units;
import java.util.Comparator;

/**
 * What a cell is paired on (docs/arms.md §13 rules 1 and 3); {@code queue} is null on a
 * queue-agnostic side, whose cells stand beside every queue of the other side. The implementation
 * is part of the key when sides are backends, so a go-libp2p cell never pairs with a gsnode cell as
 * if it were one; it is null when the sides are implementations ({@code gsnode compare --pair impl}).
 * The condition (cold, warm, background) is always part of it: a warm cell is another experiment,
 * never a repetition of a cold one.
 */
record SeedKey(String arm, String transport, String condition, String impl, int n, int payloadBytes, String scenario,
               String queue, long seed) {

    static final Comparator<SeedKey> ORDER = Comparator.comparing(SeedKey::arm).thenComparing(SeedKey::transport)
            .thenComparing(SeedKey::condition)
            .thenComparing(SeedKey::impl, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparingInt(SeedKey::n).thenComparingInt(SeedKey::payloadBytes).thenComparing(SeedKey::scenario)
            .thenComparing(SeedKey::queue, Comparator.nullsFirst(Comparator.naturalOrder())).thenComparingLong(SeedKey::seed);

    static SeedKey of(CellSummary s, boolean queueAgnostic) {
        CellIdentity id = s.identity();
        return new SeedKey(text(id.arm()), text(id.transport()), NodeRecord.conditionOrCold(id.condition()), id.impl(), id.n(),
                id.payloadBytes(), text(id.scenario()), queueAgnostic ? null : text(id.queue()), id.seed());
    }

    /** A field an older or foreign record left out pairs only with another that left it out. */
    static String text(String field) {
        return field == null ? "unrecorded" : field;
    }

    /** How a row names the arm: with the condition after it where the cells were not cold ({@code atuned_32k warm}). */
    String rowArm() {
        return NodeRecord.COLD.equals(condition) ? arm : arm + " " + condition;
    }

    /** The same key for sides that differ in implementation. */
    SeedKey anyImpl() {
        return new SeedKey(arm, transport, condition, null, n, payloadBytes, scenario, queue, seed);
    }

    SeedKey withoutQueue() {
        return new SeedKey(arm, transport, condition, impl, n, payloadBytes, scenario, null, seed);
    }

    @Override
    public String toString() {
        return arm + " " + transport + (NodeRecord.COLD.equals(condition) ? "" : " " + condition) + (impl == null || NodeRecord.JAVA.equals(impl) ? "" : " " + impl) + " n=" + n + " " + Units.payload(payloadBytes) + " " + scenario
                + (queue == null ? "" : " queue " + queue) + " seed " + seed;
    }
}
