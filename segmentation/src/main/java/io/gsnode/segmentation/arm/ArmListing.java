package io.gsnode.segmentation.arm;

import io.gsnode.formats.wire.WireForm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code gsnode arms} shows: every catalogue arm with its knobs and its wire form at one
 * payload size, as text or as JSON-ready maps. An arm not defined at that size (a parity of
 * P/32768 = 0 below 32 KiB) is listed with the reason instead of a wire form.
 *
 * @param payloadBytes the payload size the knobs and wire forms are resolved at
 * @param entries one per arm, in catalogue order
 */
public record ArmListing(int payloadBytes, List<Entry> entries) {

    /**
     * One arm at one payload size.
     *
     * @param wire its wire form, or null when {@code error} says why it has none
     * @param error why the arm is not defined at this size, or null
     */
    public record Entry(Arm arm, Map<String, String> knobs, WireForm wire, String error) {}

    /** Lists every catalogue arm at {@code payloadBytes} (encodes the payload for each: about a second at 1 MiB). */
    public static ArmListing of(int payloadBytes) {
        if (payloadBytes < 1) throw new IllegalArgumentException("payload must be at least 1 byte, got " + payloadBytes);
        List<Entry> entries = new ArrayList<>();
        for (Arm arm : ArmCatalogue.all()) {
            Map<String, String> knobs = arm.knobs(payloadBytes);
            try {
                entries.add(new Entry(arm, knobs, arm.wireForm(payloadBytes), null));
            } catch (IllegalArgumentException e) {
                entries.add(new Entry(arm, knobs, null, e.getMessage()));
            }
        }
        return new ArmListing(payloadBytes, List.copyOf(entries));
    }

    /** A table: one line per arm (name, alias, variant, msgs/need/unit/id, total bytes), then its knobs indented. */
    public String text() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "arms at P = %d bytes (wire form: msgs / need / unit / id bytes, total encoded bytes)%n",
                payloadBytes));
        for (Entry e : entries) {
            Arm a = e.arm();
            String wire = e.wire() == null ? "not defined: " + e.error()
                    : String.format(Locale.ROOT, "%3d / %3d / %6d / %3d  %9d B", e.wire().msgs(), e.wire().need(),
                            e.wire().unit(), e.wire().idBytes(), e.wire().total());
            out.append(String.format(Locale.ROOT, "%-14s %-12s %s  %s%n", a.name(), a.alias(), a.variant(), wire));
            out.append("    ").append(a.description());
            if (!a.edges().isEmpty()) out.append(" (edges: ").append(a.edges()).append(')');
            out.append(System.lineSeparator());
            StringBuilder knobs = new StringBuilder();
            e.knobs().forEach((k, v) -> knobs.append(' ').append(k).append('=').append(v));
            out.append("   ").append(knobs).append(System.lineSeparator());
        }
        return out.toString();
    }

    /** JSON-ready: a list of objects with name, alias, variant, description, edges, knobs, wire (or error). */
    public List<Map<String, Object>> asMaps() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Entry e : entries) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", e.arm().name());
            m.put("alias", e.arm().alias());
            m.put("variant", e.arm().variant());
            m.put("description", e.arm().description());
            m.put("edges", e.arm().edges());
            m.put("payload_bytes", payloadBytes);
            m.put("knobs", e.knobs());
            if (e.wire() != null) {
                Map<String, Object> w = new LinkedHashMap<>();
                w.put("msgs", e.wire().msgs());
                w.put("need", e.wire().need());
                w.put("unit", e.wire().unit());
                w.put("total", e.wire().total());
                w.put("id_bytes", e.wire().idBytes());
                m.put("wire", w);
            } else {
                m.put("error", e.error());
            }
            out.add(m);
        }
        return out;
    }
}
