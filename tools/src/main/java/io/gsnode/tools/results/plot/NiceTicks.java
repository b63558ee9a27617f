package io.gsnode.tools.results.plot;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Axis ticks at round steps (1, 2, 2.5 or 5 × 10^k), about {@code target} of them from 0 or {@code min}. */
public record NiceTicks(double min, double max, double step) {

    public static NiceTicks of(double min, double max, int target) {
        return of(min, max, target, false);
    }

    /** Ticks for counts (nodes): whole steps only, never 2.5. */
    public static NiceTicks integers(double min, double max, int target) {
        return of(min, max, target, true);
    }

    private static NiceTicks of(double min, double max, int target, boolean whole) {
        if (!(max > min)) max = min + (min == 0 ? 1 : Math.abs(min));
        double raw = (max - min) / Math.max(1, target);
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double step = Math.max(magnitude * 10, whole ? 1 : 0);
        for (double f : new double[] {1, 2, 2.5, 5, 10}) {
            if (whole && (f * magnitude < 1 || (f == 2.5 && magnitude < 10))) continue;
            if (f * magnitude >= raw) {
                step = f * magnitude;
                break;
            }
        }
        double lo = Math.floor(min / step + 1e-9) * step;
        double hi = Math.ceil(max / step - 1e-9) * step;
        return new NiceTicks(lo, hi, step);
    }

    public List<Double> values() {
        List<Double> ticks = new ArrayList<>();
        int count = (int) Math.round((max - min) / step);
        for (int i = 0; i <= count; i++) ticks.add(min + i * step);
        return ticks;
    }

    /** A tick label with as few decimals as the step needs (0.25 → two, 5 → none). */
    public String label(double value) {
        int decimals = Math.max(0, new BigDecimal(step).round(new MathContext(6)).stripTrailingZeros().scale());
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
