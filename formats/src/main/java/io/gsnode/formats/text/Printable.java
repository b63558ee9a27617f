package io.gsnode.formats.text;

/**
 * Text that came from outside gsnode (a pod's files, a record written by another build) made safe
 * to print on a person's terminal: control characters, escape sequences among them, are shown as
 * {@code \\uXXXX} instead of being acted on, and a long text is cut.
 */
public final class Printable {

    private Printable() {}

    /** {@code text} with every control character escaped, cut after about {@code max} characters with "..." after. */
    public static String of(String text, int max) {
        if (text == null) return "null";
        StringBuilder out = new StringBuilder();
        int i = 0;
        for (; i < text.length() && out.length() < max; i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return i < text.length() ? out + "..." : out.toString();
    }
}
