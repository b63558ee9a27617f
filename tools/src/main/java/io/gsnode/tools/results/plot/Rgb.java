package io.gsnode.tools.results.plot;

/** A colour, 0–255 per channel. */
public record Rgb(int r, int g, int b) {

    public static final Rgb BLACK = new Rgb(0, 0, 0);
    public static final Rgb WHITE = new Rgb(255, 255, 255);
    public static final Rgb GRID = new Rgb(225, 225, 225);
    public static final Rgb MUTED = new Rgb(90, 90, 90);

    public Rgb {
        if ((r | g | b) < 0 || r > 255 || g > 255 || b > 255) throw new IllegalArgumentException("channel out of 0..255");
    }

    /** The colour mixed with white, {@code amount} 0 (unchanged) to 1 (white): fills lighter than their edges. */
    public Rgb lighter(double amount) {
        return new Rgb(mix(r, amount), mix(g, amount), mix(b, amount));
    }

    private static int mix(int channel, double amount) {
        return (int) Math.round(channel + (255 - channel) * amount);
    }
}
