package io.gsnode.k8s.manifest;

import java.util.List;

/**
 * How a pod's commands start gsnode and where its volumes are mounted. In the image
 * ({@link #IMAGE}) that is {@code java ... -jar /opt/gsnode/gsnode.jar} and the mount paths of the
 * manifests; the tests run the very same commands inside network namespaces standing in for pods,
 * with gsnode on a class path and the volumes in directories of their own.
 *
 * @param java the java executable
 * @param entry what follows the JVM flags to reach gsnode's root command
 * @param partsDir where the topology's ConfigMap parts are
 * @param cellDir the pod's working directory (shared by the init container and the node)
 * @param recordsDir where the node leaves its record and exit status
 */
public record PodRuntime(String java, List<String> entry, String partsDir, String cellDir, String recordsDir) {

    /** The image built from {@code k8s/image/Dockerfile}, with the manifests' volumes. */
    public static final PodRuntime IMAGE = new PodRuntime("java", List.of("-jar", PodLayout.JAR), PodLayout.PARTS_DIR,
            PodLayout.CELL_DIR, PodLayout.RECORDS_DIR);

    public PodRuntime {
        entry = List.copyOf(entry);
    }

    /** The topology file the init container assembles. */
    public String topology() {
        return cellDir + "/" + PodLayout.TOPOLOGY_FILE;
    }
}
