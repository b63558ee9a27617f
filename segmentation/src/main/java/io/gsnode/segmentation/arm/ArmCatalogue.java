package io.gsnode.segmentation.arm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every arm by name (arms.md §7), in the report's order. */
public final class ArmCatalogue {

    private static final Map<String, Arm> ARMS = new LinkedHashMap<>();

    static {
        add(new WholeMessageArm("wholend", "whole message: one gossip message, stock gossipsub"));
        add(new WholeMessageArm("line", "known answer: the whole message over a line of 2 nodes"));
    }

    private ArmCatalogue() {}

    private static void add(Arm arm) {
        ARMS.put(arm.name(), arm);
    }

    /** The arm called {@code name} (catalogue name or published alias). */
    public static Arm get(String name) {
        Arm arm = ARMS.get(name);
        if (arm != null) return arm;
        for (Arm a : ARMS.values()) {
            if (a.alias().equals(name)) return a;
        }
        throw new IllegalArgumentException("unknown arm '" + name + "'; known: " + String.join(", ", ARMS.keySet()));
    }

    public static Collection<Arm> all() {
        return List.copyOf(ARMS.values());
    }

    public static List<String> names() {
        return new ArrayList<>(ARMS.keySet());
    }
}
