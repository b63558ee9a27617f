package io.gsnode.tools.results.compare;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The pairs of one side against the reference, and what was left out. */
public record PairingResult(String reference, String other, List<PairedGroup> groups, List<Exclusion> exclusions) {

    /** This result with {@code more} left out besides. */
    public PairingResult withExclusions(List<Exclusion> more) {
        if (more.isEmpty()) return this;
        List<Exclusion> all = new ArrayList<>(exclusions);
        all.addAll(more);
        return new PairingResult(reference, other, groups, List.copyOf(all));
    }

    public int pairedSeeds() {
        return groups.stream().mapToInt(g -> g.seeds().size()).sum();
    }

    public Map<Exclusion.Reason, Integer> exclusionCounts() {
        Map<Exclusion.Reason, Integer> counts = new EnumMap<>(Exclusion.Reason.class);
        for (Exclusion e : exclusions) counts.merge(e.reason(), 1, Integer::sum);
        return counts;
    }

    /** "40 seed pairs in 4 rows; excluded 3: wire form differs (...): 1, no counterpart: 2" */
    public String summary() {
        StringBuilder b = new StringBuilder();
        b.append(pairedSeeds()).append(" seed pairs in ").append(groups.size()).append(groups.size() == 1 ? " row" : " rows");
        if (exclusions.isEmpty()) return b.append("; nothing excluded").toString();
        b.append("; excluded ").append(exclusions.size()).append(": ");
        String sep = "";
        for (Map.Entry<Exclusion.Reason, Integer> e : exclusionCounts().entrySet()) {
            b.append(sep).append(e.getKey().words()).append(": ").append(e.getValue());
            sep = ", ";
        }
        return b.toString();
    }
}
