package io.gsnode.tools.results.compare;

import io.gsnode.formats.record.CellSettings;
import io.gsnode.formats.wire.WireForm;
import io.gsnode.tools.results.Cell;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Pairs one side's cells with the reference's (docs/arms.md §13 rules 1–3): same arm, seed, n,
 * payload, scenario and transport; same queue unless a side is queue-agnostic; identical wire
 * forms. Every seed that does not pair is kept as an {@link Exclusion} with its reason.
 */
public final class Pairing {

    /**
     * A side as the pairing sees it: a backend's cells, or one implementation's
     * ({@code acrossImpls}: then cells pair whatever implementation they ran).
     */
    public record Side(String name, List<Cell> cells, boolean queueAgnostic, boolean acrossImpls) {
        public Side(String name, List<Cell> cells, boolean queueAgnostic) {
            this(name, cells, queueAgnostic, false);
        }

        SeedKey key(Cell c) {
            SeedKey k = SeedKey.of(c.summary(), queueAgnostic);
            return acrossImpls ? k.anyImpl() : k;
        }
    }

    /** Settings two backends' cells may differ in: what a backend is, and its queue (rule 3 pairs those). */
    static final Set<String> ACROSS_BACKENDS = Set.of("backend", "queue", "delay", "transport.port");
    /**
     * Settings two implementations' cells may differ in: each implementation's transport and arm
     * settings are its own, under its own names; the gossipsub settings, the schedule and the
     * topology must still agree.
     */
    static final Set<String> ACROSS_IMPLS = Set.of("backend", "queue", "delay", "impl", "quic_engine", "version.", "transport.",
            "arm_knobs.");

    private Pairing() {}

    public static PairingResult pair(Side reference, Side other) {
        List<Exclusion> exclusions = new ArrayList<>();
        Map<SeedKey, List<Cell>> refSeeds = seeds(reference, exclusions);
        Map<SeedKey, List<Cell>> otherSeeds = seeds(other, exclusions);
        Map<SeedKey, List<SeedKey>> otherByQueueless = new LinkedHashMap<>();
        for (SeedKey k : otherSeeds.keySet()) otherByQueueless.computeIfAbsent(k.withoutQueue(), x -> new ArrayList<>()).add(k);
        Set<SeedKey> refByQueueless = new HashSet<>();
        for (SeedKey k : refSeeds.keySet()) refByQueueless.add(k.withoutQueue());

        Map<GroupId, List<SeedPair>> groups = new TreeMap<>(GroupId.ORDER);
        Set<SeedKey> otherMatched = new HashSet<>();
        for (Map.Entry<SeedKey, List<Cell>> ref : refSeeds.entrySet()) {
            SeedKey rk = ref.getKey();
            List<SeedKey> sameButQueue = otherByQueueless.getOrDefault(rk.withoutQueue(), List.of());
            List<SeedKey> matches = sameButQueue.stream()
                    .filter(ok -> rk.queue() == null || ok.queue() == null || rk.queue().equals(ok.queue())).toList();
            if (matches.isEmpty()) {
                exclusions.add(sameButQueue.isEmpty()
                        ? new Exclusion(Exclusion.Reason.NO_COUNTERPART, reference.name(), rk.toString(), null)
                        : new Exclusion(Exclusion.Reason.QUEUE, reference.name(), rk.toString(), other.name() + " has it under "
                                + sameButQueue.stream().map(SeedKey::queue).toList()));
                continue;
            }
            for (SeedKey ok : matches) {
                otherMatched.add(ok);
                List<Cell> refRuns = ref.getValue();
                List<Cell> otherRuns = otherSeeds.get(ok);
                Exclusion wire = wireFormExclusion(reference.name(), refRuns, other.name(), otherRuns, rk);
                if (wire != null) {
                    exclusions.add(wire);
                    continue;
                }
                Exclusion settings = settingsExclusion(reference.name(), refRuns, other, otherRuns, rk);
                if (settings != null) {
                    exclusions.add(settings);
                    continue;
                }
                GroupId id = new GroupId(rk.rowArm(), rk.transport(), rk.n(), rk.payloadBytes(), rk.scenario(),
                        SeedKey.text(refRuns.get(0).summary().identity().queue()),
                        SeedKey.text(otherRuns.get(0).summary().identity().queue()));
                groups.computeIfAbsent(id, x -> new ArrayList<>()).add(new SeedPair(rk.seed(), refRuns, otherRuns));
            }
        }
        for (SeedKey ok : otherSeeds.keySet()) {
            if (otherMatched.contains(ok)) continue;
            exclusions.add(refByQueueless.contains(ok.withoutQueue())
                    ? new Exclusion(Exclusion.Reason.QUEUE, other.name(), ok.toString(), reference.name() + " has it under another queue")
                    : new Exclusion(Exclusion.Reason.NO_COUNTERPART, other.name(), ok.toString(), null));
        }
        List<PairedGroup> rows = new ArrayList<>();
        groups.forEach((id, pairs) -> {
            pairs.sort(Comparator.comparingLong(SeedPair::seed));
            rows.add(new PairedGroup(id.arm(), id.transport(), id.n(), id.payloadBytes(), id.scenario(), id.referenceQueue(),
                    id.otherQueue(), List.copyOf(pairs)));
        });
        return new PairingResult(reference.name(), other.name(), List.copyOf(rows), List.copyOf(exclusions));
    }

    /** How a run left out because its host was saturated is listed among the exclusions. */
    public static Exclusion saturatedRun(String side, Cell run, boolean queueAgnostic) {
        return new Exclusion(Exclusion.Reason.HOST_SATURATED, side,
                SeedKey.of(run.summary(), queueAgnostic) + " run " + run.summary().identity().run(),
                "saturated for " + run.summary().host().get("saturated_s") + " s");
    }

    /** A side's cells by seed key, runs together; seeds that cannot be used go to {@code exclusions}. */
    private static Map<SeedKey, List<Cell>> seeds(Side side, List<Exclusion> exclusions) {
        Map<SeedKey, List<Cell>> seeds = new TreeMap<>(SeedKey.ORDER);
        for (Cell c : side.cells()) seeds.computeIfAbsent(side.key(c), k -> new ArrayList<>()).add(c);
        seeds.entrySet().removeIf(e -> {
            List<Cell> runs = e.getValue();
            Set<String> queues = new LinkedHashSet<>();
            Set<Integer> runNumbers = new HashSet<>();
            boolean duplicateRun = false;
            for (Cell c : runs) {
                queues.add(SeedKey.text(c.summary().identity().queue()));
                duplicateRun |= !runNumbers.add(c.summary().identity().run());
            }
            if (queues.size() > 1) {
                exclusions.add(new Exclusion(Exclusion.Reason.AMBIGUOUS_QUEUE, side.name(), e.getKey().toString(), "queues " + queues));
                return true;
            }
            if (duplicateRun) {
                // Two directories claiming one run would count that run twice in the seed's median.
                exclusions.add(new Exclusion(Exclusion.Reason.DUPLICATE_RUN, side.name(), e.getKey().toString(),
                        runs.stream().map(c -> c.dir().toString()).toList().toString()));
                return true;
            }
            return false;
        });
        return seeds;
    }

    private static Exclusion wireFormExclusion(String refName, List<Cell> refRuns, String otherName, List<Cell> otherRuns,
                                               SeedKey key) {
        String refProblem = problem(refRuns);
        if (refProblem != null) return new Exclusion(Exclusion.Reason.WIRE_FORM_UNKNOWN, refName, key.toString(), refProblem);
        String otherProblem = problem(otherRuns);
        if (otherProblem != null) return new Exclusion(Exclusion.Reason.WIRE_FORM_UNKNOWN, otherName, key.toString(), otherProblem);
        WireForm.Pairing ref = refRuns.get(0).wireForm();
        WireForm.Pairing oth = otherRuns.get(0).wireForm();
        if (ref.equals(oth)) return null;
        return new Exclusion(Exclusion.Reason.WIRE_FORM, otherName, key.toString(), refName + ": " + ref + ", " + otherName + ": " + oth);
    }

    /**
     * The settings the two sides' runs differ in, outside what the sides are meant to differ in (the
     * backend and its queue, or the implementation), or null when they agree or predate settings.
     */
    private static Exclusion settingsExclusion(String refName, List<Cell> refRuns, Side other, List<Cell> otherRuns, SeedKey key) {
        Map<String, Object> a = refRuns.get(0).summary().settings();
        Map<String, Object> b = otherRuns.get(0).summary().settings();
        if (a == null || b == null) return null;
        List<String> differ = CellSettings.differences(a, b, other.acrossImpls() ? ACROSS_IMPLS : ACROSS_BACKENDS);
        return differ.isEmpty() ? null
                : new Exclusion(Exclusion.Reason.SETTINGS, other.name(), key.toString(), refName + " vs " + other.name() + ": "
                        + String.join(", ", differ));
    }

    /** Why these runs have no single wire form, or null when they have one. */
    private static String problem(List<Cell> runs) {
        Set<WireForm.Pairing> forms = new LinkedHashSet<>();
        for (Cell c : runs) {
            if (c.wireForm() == null) return c.dir() + ": " + c.wireFormProblem();
            forms.add(c.wireForm());
        }
        return forms.size() == 1 ? null : "runs disagree: " + forms;
    }

    private record GroupId(String arm, String transport, int n, int payloadBytes, String scenario, String referenceQueue,
                           String otherQueue) {
        static final Comparator<GroupId> ORDER = Comparator.comparing(GroupId::arm).thenComparing(GroupId::transport)
                .thenComparingInt(GroupId::n).thenComparingInt(GroupId::payloadBytes).thenComparing(GroupId::scenario)
                .thenComparing(GroupId::referenceQueue).thenComparing(GroupId::otherQueue);
    }
}
