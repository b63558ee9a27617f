package io.gsnode.shadow;

/**
 * Shadow host names. Node i is host {@code node<i>}, the name the gossipsub-interop suite uses
 * (the gossipsub-interop convention), and its GML node has id i. Shadow derives each host's
 * random seed from its name, so the names are part of an experiment and never change.
 */
public final class HostNames {

    /** Shadow refuses host names longer than this. */
    static final int MAX_LENGTH = 253;

    private HostNames() {
    }

    /** The host name of node {@code index}. */
    public static String of(int index) {
        if (index < 0) throw new IllegalArgumentException("index must not be negative, was " + index);
        return "node" + index;
    }

    /**
     * Null when Shadow accepts {@code name} as a host name, else why not: only {@code a-z},
     * {@code 0-9}, {@code -} and {@code .}, not empty, not starting with {@code -}, at most 253
     * characters, and not {@code localhost}, which is reserved.
     */
    public static String problemWith(String name) {
        if (name.isEmpty()) return "is empty";
        if (name.length() > MAX_LENGTH) return "is longer than " + MAX_LENGTH + " characters";
        if (name.startsWith("-")) return "starts with '-'";
        if (name.equals("localhost")) return "is reserved by Shadow";
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
            if (!ok) return "has '" + c + "' (allowed: a-z 0-9 - .; no upper case, no '_')";
        }
        return null;
    }
}
