package io.gsnode.k8s.cli;

import io.gsnode.formats.record.CellSummary;
import io.gsnode.formats.topology.Topology;
import io.gsnode.formats.topology.TopologyReader;
import io.gsnode.k8s.CellDescription;
import io.gsnode.k8s.collect.KubectlFetch;
import io.gsnode.k8s.collect.PodRecords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gsnode k8s collect}: the cell files of a Kubernetes cell, read from its pods with kubectl,
 * or from a directory laid out as the pods leave it ({@code --from}). Exits 0 once the files are
 * written, whatever number of pods were lost (they are in the files); 1 when kubectl reaches no
 * cluster or not the cell's namespace (kubectl's error in the line, nothing written); 2 on bad input.
 */
@Command(name = "collect", mixinStandardHelpOptions = true,
        description = {"Gather a Kubernetes cell's records into records.jsonl and cell.json (backend k8s).",
                "Reads each pod's /records with kubectl exec into OUT/pods, or reads --from DIR (DIR/gsnode-I/record.json)."})
public final class K8sCollectCommand implements Callable<Integer> {

    @Option(names = "--manifests", required = true, paramLabel = "DIR", description = "The directory gsnode k8s wrote.")
    Path manifests;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The cell directory to write.")
    Path out;

    @Option(names = "--from", paramLabel = "DIR", description = "Pods' files already copied out, one directory per pod (no kubectl).")
    Path from;

    @Option(names = "--kubectl", paramLabel = "PATH", description = "kubectl to run (default: ${DEFAULT-VALUE}, on PATH).")
    String kubectl = "kubectl";

    @Override
    public Integer call() throws Exception {
        CellDescription cell;
        Topology topology;
        try {
            cell = CellDescription.read(manifests);
            topology = TopologyReader.read(CellDescription.topologyFile(manifests));
        } catch (IOException e) {
            System.err.println("gsnode k8s collect: " + e.getMessage());
            return 2;
        }
        Path pods = from;
        if (pods == null) {
            pods = out.resolve("pods");
            KubectlFetch fetch = new KubectlFetch(kubectl, cell.namespace(), System.out);
            try {
                fetch.checkReachable();
            } catch (IOException e) {
                // A failed backend, not a cell whose nodes were all lost: nothing written.
                System.err.println("gsnode k8s collect: " + e.getMessage());
                return 1;
            }
            try {
                int got = fetch.fetch(topology.n(), pods);
                System.out.printf("gsnode k8s collect: %d of %d records copied from namespace %s%n", got, topology.n(), cell.namespace());
            } catch (IOException e) {
                System.err.println("gsnode k8s collect: " + e.getMessage());
                return 1;
            }
        }
        CellSummary s = PodRecords.collect(cell, topology, pods, out, System.out);
        System.out.printf("gsnode k8s collect: wrote %s: %d of %d receivers complete, %d lost, p50 %s ms, p99 %s ms%n", out,
                s.completed(), s.receivers(), s.lost(), s.p50Ms(), s.p99Ms());
        return 0;
    }
}
