package io.gsnode.tools.results.plot;

import io.gsnode.tools.results.CellFixture;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Cells for the figures: three arms on two sides over three seeds, receivers completing around an
 * arm-specific time, seeded so every run draws the same picture. The whole message at the largest
 * size leaves some receivers never completed, so censoring is drawn too.
 */
public final class PlotFixtures {

    public static final List<String> ARMS = List.of("wholend", "atuned_32k", "c_32k");
    static final List<String> SIDES = List.of("shadow", "netns");
    static final long SEED = 20261202;

    private PlotFixtures() {}

    /** @param receivers one size per entry: cells of {@code receivers + 1} nodes */
    public static List<CellFixture> cells(List<Integer> receivers, List<Integer> payloads) {
        SplittableRandom random = new SplittableRandom(SEED);
        List<CellFixture> cells = new ArrayList<>();
        for (String side : SIDES) {
            for (int a = 0; a < ARMS.size(); a++) {
                for (int k : receivers) {
                    for (int payload : payloads) {
                        for (long seed = 7; seed <= 9; seed++) {
                            double base = (a == 0 ? 2500.0 : 700.0 + 60 * a) * payload / (1 << 20) * (side.equals("netns") ? 1.1 : 1.0)
                                    * (1 + Math.log(k) / 20);
                            Double[] times = new Double[k];
                            for (int i = 0; i < k; i++) {
                                boolean never = a == 0 && payload >= (1 << 21) && i >= k / 2 + 1;
                                times[i] = never ? null : base * (0.6 + 0.8 * random.nextDouble());
                            }
                            long rx = (long) (payload * (a == 0 ? 0.75 : 1.1 + 0.2 * a) * (0.9 + 0.2 * random.nextDouble()));
                            CellFixture cell = CellFixture.cell().backend(side).arm(ARMS.get(a)).seed(seed).payload(payload)
                                    .completions(times).rx(rx).rxSocket(rx + rx / 20);
                            cell.rxControl = 4096L * (a + 1) * k;
                            cells.add(cell);
                        }
                    }
                }
            }
        }
        return cells;
    }
}
