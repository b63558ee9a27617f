package io.gsnode.tools.results;

import io.gsnode.node.record.NodeRecord;
import java.util.Locale;

/**
 * The part of a record's wire form that decides whether two cells may be paired: message count,
 * unit and id width ({@code docs/arms.md} §13 rule 2; the report's Appendix A, docs/arms.md §7).
 */
public record WireForm(int msgs, int unit, int idBytes) {

    public static WireForm of(NodeRecord.WireFormRecord w) {
        return new WireForm(w.msgs(), w.unit(), w.idBytes());
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d msgs x %d B, %d-byte ids", msgs, unit, idBytes);
    }
}
