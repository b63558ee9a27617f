package io.gsnode.app.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report's experiments as studies (docs/studies.md), the seed last so that each row's seeds
 * finish together, sized as the report ran them where this
 * project can carry it and otherwise said: {@code --set} changes any option, for example
 * {@code --set seed=7,8,9} or {@code --set n=32}.
 */
public final class NamedStudies {

    /** A named study and the report's words for it. */
    public record Named(String name, String what, StudySpec spec) {}

    private static final List<Object> TEN_SEEDS = List.of(7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L, 15L, 16L);
    private static final List<Object> THREE_SEEDS = List.of(7L, 8L, 9L);
    private static final List<Object> FIGURE1_ARMS = List.of("wholend", "atuned_32k", "acoded_32k", "bfixed_32k", "bcodedfc1_32k",
            "c_32k", "crs_32k");

    private NamedStudies() {}

    public static List<Named> all() {
        List<Named> out = new ArrayList<>();
        out.add(new Named("figure1", "Figure 1 (report section 3): the seven arms, both transports, ten seeds, at home; "
                + "--set scenario=home,dc20,dcb20 for all three scenarios. 100 Shadow hosts (the report: 500)",
                spec("figure1", "backend", "shadow", "n", 100L, "degree", 70L, "scenario", "home", "payload", 1048576L,
                        "transport", List.of("tcp", "quic"), "arm", FIGURE1_ARMS, "seed", TEN_SEEDS)));
        out.add(new Named("figure8", "Figure 8 (section 7): network size, QUIC, three seeds; the report ran 250 to 2,000 hosts",
                spec("figure8", "backend", "shadow", "degree", 70L, "scenario", "home", "payload", 1048576L, "transport", "quic",
                        "n", List.of(100L, 250L, 500L), "arm", List.of("wholend", "atuned_32k", "acoded_32k", "lad_phase_32k", "c_32k",
                                "crs_32k"), "seed", THREE_SEEDS)));
        out.add(new Named("figure9", "Figure 9 (section 8): payload size, the tiers and their references, QUIC, seeds 7-9",
                spec("figure9", "backend", "shadow", "n", 100L, "degree", 70L, "scenario", "home", "transport", "quic",
                        "payload", List.of(131072L, 262144L, 524288L, 1048576L, 2097152L, 4194304L),
                        "arm", List.of("wholend", "lad_batch_16k", "aadaptds_16k", "aadaptcf_16k", "aadaptcfd_16k", "acodedcf_32k",
                                "atuned_16k"), "seed", THREE_SEEDS)));
        out.add(new Named("queue", "Section 4: Shadow's FIFO uplink queue against its per-socket round-robin, over TCP, ten seeds",
                spec("queue", "backend", "shadow", "n", 100L, "degree", 70L, "scenario", "home", "payload", 1048576L,
                        "transport", "tcp", "queue", List.of("fifo", "fair"),
                        "arm", List.of("wholend", "atuned_32k", "c_32k", "crs_32k"), "seed", TEN_SEEDS)));
        out.add(new Named("sendbuf", "Section 5: B over QUIC with the UDP send buffer as asked by default and capped at 64 KB",
                spec("sendbuf", "backend", "shadow", "n", 100L, "degree", 70L, "scenario", "home", "payload", 1048576L,
                        "transport", "quic", "udp-buffer", listOf(null, 65536L),
                        "arm", List.of("bfixed_32k", "bcodedfc1_32k"), "seed", TEN_SEEDS)));
        out.add(new Named("warm", "Section 9: cold against warm connections (a warm-up diffusion first), QUIC, ten seeds",
                spec("warm", "backend", "shadow", "n", 100L, "degree", 70L, "scenario", "home", "payload", 1048576L,
                        "transport", "quic", "warmup", List.of(false, true),
                        "arm", List.of("wholend", "atuned_32k", "acoded_32k", "c_32k"), "seed", TEN_SEEDS)));
        out.add(new Named("linux", "Section 10: the real-stack check on this host's kernel (netns, root or a user namespace), FIFO "
                + "and fq_codel, three runs a seed; 16 nodes, what a 2-core host carries (the report: 100 on 40 threads)",
                spec("linux", "backend", "netns", "n", 16L, "degree", 8L, "scenario", "home", "payload", 1048576L, "runs", 3L,
                        "queue", List.of("fifo", "fq_codel"), "transport", List.of("quic", "tcp"),
                        "arm", List.of("wholend", "atuned_32k", "c_32k"), "seed", TEN_SEEDS)));
        return out;
    }

    public static Named find(String name) {
        return all().stream().filter(n -> n.name().equals(name)).findFirst().orElse(null);
    }

    private static List<Object> listOf(Object... v) {
        return new ArrayList<>(java.util.Arrays.asList(v));
    }

    private static StudySpec spec(String name, Object... kv) {
        Map<String, List<Object>> cells = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            Object v = kv[i + 1];
            cells.put((String) kv[i], v instanceof List<?> l ? new ArrayList<>(l) : listOf(v));
        }
        return new StudySpec(name, cells, List.of());
    }
}
