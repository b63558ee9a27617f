package io.gsnode.formats.record;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a cell ran, as its records state it (docs/records.md §5): the identity's settings, the
 * publisher's gossipsub, transport, arm and schedule settings, the topology file's digest and each
 * implementation's version, flattened to dotted keys; and the fingerprint of all that. Two cells
 * compare fairly only where these agree outside the dimension being compared; {@code gsnode compare}
 * lists the keys that differ. The run number, the epoch and the build's commit are not settings:
 * the commit is provenance ({@link Build}), so a fix does not make every earlier cell a stranger.
 */
public final class CellSettings {

    /** The keys of {@code config} that describe the settings; {@code jvm} and {@code crypto} describe the host. */
    private static final List<String> CONFIG_PARTS = List.of("gossipsub", "transport", "arm_knobs", "schedule", "topology");

    private CellSettings() {}

    /** The settings of a cell whose summary identity is {@code identity}. */
    public static SortedMap<String, Object> of(CellIdentity identity, List<NodeRecord> records) {
        SortedMap<String, Object> s = new TreeMap<>();
        s.put("backend", identity.backend());
        s.put("arm", identity.arm());
        s.put("transport", identity.transport());
        s.put("quic_engine", identity.quicEngine());
        s.put("impl", identity.impl());
        s.put("queue", identity.queue());
        s.put("delay", identity.delay());
        s.put("seed", identity.seed());
        s.put("n", identity.n());
        s.put("payload_bytes", identity.payloadBytes());
        s.put("scenario", identity.scenario());
        s.put("condition", identity.condition());
        NodeRecord source = records.stream().filter(r -> "publisher".equals(r.role()) && hasConfig(r)).findFirst()
                .orElseGet(() -> records.stream().filter(CellSettings::hasConfig).findFirst().orElse(null));
        if (source != null) {
            for (String part : CONFIG_PARTS) {
                Object value = part.equals("schedule") ? relativeToDial(source.config().get(part)) : source.config().get(part);
                flatten(part, value, s);
            }
        }
        for (Build b : builds(records)) s.put("version." + b.name(), b.version());
        // As JSON reads them back (a long seed of 7 is an Integer in cell.json): a summary equals itself read from disk.
        try {
            return RecordJson.MAPPER.readValue(RecordJson.line(s), new TypeReference<TreeMap<String, Object>>() {});
        } catch (java.io.IOException e) {
            throw new IllegalStateException("settings written as JSON read back", e);
        }
    }

    /** The distinct builds the records name, in the records' order. */
    public static List<Build> builds(List<NodeRecord> records) {
        Set<Build> out = new LinkedHashSet<>();
        for (NodeRecord r : records) if (r.build() != null) out.add(r.build());
        return List.copyOf(out);
    }

    /** The first 16 hex digits of the SHA-256 of the settings as JSON, keys sorted. */
    public static String fingerprint(SortedMap<String, Object> settings) {
        return Fingerprint.of(RecordJson.line(settings));
    }

    /**
     * The keys whose values differ between two cells' settings, as {@code key: a vs b}, leaving out
     * the keys {@code ignored} names (a key, or a prefix ending in a dot).
     */
    public static List<String> differences(Map<String, Object> a, Map<String, Object> b, Set<String> ignored) {
        SortedMap<String, Object> keys = new TreeMap<>(a);
        keys.putAll(b);
        List<String> out = new ArrayList<>();
        for (String k : keys.keySet()) {
            if (ignoredKey(k, ignored)) continue;
            Object va = a.get(k);
            Object vb = b.get(k);
            if (!Objects.equals(text(va), text(vb))) out.add(k + ": " + text(va) + " vs " + text(vb));
        }
        return out;
    }

    private static boolean ignoredKey(String key, Set<String> ignored) {
        for (String i : ignored) if (i.endsWith(".") ? key.startsWith(i) : key.equals(i)) return true;
        return false;
    }

    /** Numbers compare by value whether JSON gave them as int or long. */
    private static String text(Object v) {
        return v == null ? "null" : String.valueOf(v);
    }

    /**
     * The schedule's instants counted from the dial instant: a Shadow cell's instants count from
     * its simulation's start, a netns cell's from T0, and the same cell must read the same.
     */
    private static Object relativeToDial(Object schedule) {
        if (!(schedule instanceof Map<?, ?> m) || !(m.get("dial_at_ms") instanceof Number dial)) return schedule;
        SortedMap<String, Object> out = new TreeMap<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String k = String.valueOf(e.getKey());
            if (k.equals("epoch_ms") || k.equals("dial_at_ms")) continue;
            boolean instant = k.endsWith("_at_ms") || k.endsWith("_from_ms");
            out.put(instant ? k.replace("_at_ms", "_after_dial_ms").replace("_from_ms", "_from_dial_ms") : k,
                    instant && e.getValue() instanceof Number v ? v.longValue() - dial.longValue() : e.getValue());
        }
        return out;
    }

    private static boolean hasConfig(NodeRecord r) {
        return r.config() != null && !r.config().isEmpty();
    }

    private static void flatten(String prefix, Object value, SortedMap<String, Object> out) {
        if (value instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) flatten(prefix + "." + e.getKey(), e.getValue(), out);
        } else if (value != null) {
            out.put(prefix, value instanceof Number || value instanceof Boolean ? value : String.valueOf(value));
        }
    }
}
