package io.gsnode.k8s;

import io.gsnode.formats.files.AtomicFiles;
import io.gsnode.formats.record.RecordJson;
import io.gsnode.node.launch.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What {@code gsnode k8s} wrote a cell for, saved with the topology in a subdirectory of the
 * manifests' ({@link #DIRECTORY}: {@code kubectl apply -f DIR} reads every JSON and YAML file of
 * DIR itself, and these are no Kubernetes objects), so that {@code gsnode k8s collect} knows the
 * namespace, the pods and what a lost node's record says.
 *
 * @param quicEngine the QUIC engine of the nodes, or null over TCP
 * @param delay the delay the pods were asked for ({@code auto}, {@code netem}, {@code none});
 *     each record says what its pod applied
 */
public record CellDescription(String schema, String label, String namespace, int n, String arm, String transport,
                              String quicEngine, int payloadBytes, String queue, String delay, int run) {

    public static final String SCHEMA = "gsnode.k8s-cell/1";
    public static final String DIRECTORY = "gsnode";
    public static final String FILE = "k8s-cell.json";
    public static final String TOPOLOGY = "topology.json";

    /** The topology file of the cell whose manifests are in {@code manifests}. */
    public static Path topologyFile(Path manifests) {
        return manifests.resolve(DIRECTORY).resolve(TOPOLOGY);
    }

    public static CellDescription of(K8sCell cell) {
        Workload w = cell.workload();
        return new CellDescription(SCHEMA, cell.label(), cell.namespace(), cell.topology().n(), w.armName(),
                w.transport().transport().toString(), cell.quicEngine(), w.payloadBytes(), cell.queue().label(), cell.delay().label(),
                cell.run());
    }

    /** Writes the description into {@code manifests}' {@link #DIRECTORY}. */
    public void write(Path manifests) throws IOException {
        Files.createDirectories(manifests.resolve(DIRECTORY));
        AtomicFiles.writeString(manifests.resolve(DIRECTORY).resolve(FILE), RecordJson.line(this) + "\n");
    }

    /** @throws IOException when {@code dir} holds no description, or one of another schema */
    public static CellDescription read(Path manifests) throws IOException {
        Path file = manifests.resolve(DIRECTORY).resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new IOException(manifests + " has no " + DIRECTORY + "/" + FILE + ": give the directory gsnode k8s wrote the manifests to");
        }
        CellDescription d = RecordJson.MAPPER.readValue(file.toFile(), CellDescription.class);
        if (!SCHEMA.equals(d.schema())) throw new IOException(file + " is " + d.schema() + ", not " + SCHEMA);
        return d;
    }
}
