package io.gsnode.formats.record;

/**
 * What cell a node record or a cell summary belongs to (docs/records.md §1, §3): written inline, its
 * keys between the schema and the rest, so a record's JSON reads as it did before the type existed.
 *
 * @param impl the implementation the node ran: {@code java} (gsnode) or {@code go} (the interop
 *     go peer's {@code run} mode), and in a summary {@code mixed} when the cell's nodes differ;
 *     records and summaries without the field are gsnode's, so it reads as java
 * @param condition what else the cell did besides the measured publish: {@code cold} (nothing),
 *     {@code warm} (a warm-up diffusion first), {@code background} (background load) or
 *     {@code warm+background}; records without the field are cold. Comparisons pair only cells of
 *     the same condition.
 */
public record CellIdentity(String cell, String backend, String arm, String alias, String transport, String quicEngine,
                           String impl, String queue, String delay, long seed, int n, int payloadBytes, String scenario,
                           int run, String condition) {

    public CellIdentity {
        if (impl == null) impl = NodeRecord.JAVA;
    }

    /** This identity with the implementation and the condition of a whole cell. */
    public CellIdentity withImplAndCondition(String impl, String condition) {
        return new CellIdentity(cell, backend, arm, alias, transport, quicEngine, impl, queue, delay, seed, n, payloadBytes,
                scenario, run, condition);
    }
}
