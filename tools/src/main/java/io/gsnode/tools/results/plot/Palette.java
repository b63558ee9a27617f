package io.gsnode.tools.results.plot;

import java.util.List;

/** Okabe–Ito colours, distinguishable with the common colour-vision deficiencies; cycles after eight. */
public final class Palette {

    private static final List<Rgb> COLOURS = List.of(new Rgb(0, 114, 178), new Rgb(230, 159, 0), new Rgb(0, 158, 115),
            new Rgb(204, 121, 167), new Rgb(86, 180, 233), new Rgb(213, 94, 0), new Rgb(120, 120, 120), new Rgb(240, 228, 66));

    private Palette() {}

    public static Rgb colour(int index) {
        return COLOURS.get(Math.floorMod(index, COLOURS.size()));
    }
}
