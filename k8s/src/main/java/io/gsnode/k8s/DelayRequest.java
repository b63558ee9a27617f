package io.gsnode.k8s;

/**
 * What a pod is asked to do about pair latency: {@code netem} (refuse to start without it),
 * {@code none}, or {@code auto}, netem where the node's kernel has it and none elsewhere, which
 * each record then says. A cluster's nodes may run different kernels, so the choice is made in
 * each pod, not when the manifests are written.
 */
public enum DelayRequest {
    AUTO("auto"), NETEM("netem"), NONE("none");

    private final String label;

    DelayRequest(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
