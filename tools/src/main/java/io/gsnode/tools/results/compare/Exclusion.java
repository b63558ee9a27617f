package io.gsnode.tools.results.compare;

/**
 * A seed of one side left out of a comparison, and why. The unit is one seed of one cell
 * identity on one side, with all of its runs; a run whose host was saturated is left out alone.
 */
public record Exclusion(Reason reason, String side, String what, String detail) {

    /** Why a seed is left out. */
    public enum Reason {
        WIRE_FORM("wire form differs (docs/arms.md §13 rule 2)"),
        WIRE_FORM_UNKNOWN("wire form unknown"),
        SETTINGS("settings differ"),
        QUEUE("counterpart only under another queue (rule 3)"),
        NO_COUNTERPART("no counterpart"),
        AMBIGUOUS_QUEUE("several queues on a queue-agnostic side"),
        DUPLICATE_RUN("same run number twice"),
        HOST_SATURATED("run on a saturated host (a sample at >= 95 % busy during the delivery)");

        private final String words;

        Reason(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    @Override
    public String toString() {
        return side + ": " + what + ": " + reason.words() + (detail == null ? "" : " (" + detail + ")");
    }
}
