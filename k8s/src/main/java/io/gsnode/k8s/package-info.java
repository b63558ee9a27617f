/**
 * The Kubernetes backend: one cell on an existing cluster, one pod per node. {@code manifest}
 * writes the cell's objects, {@code shape} is each pod's part of the fabric (the netns module's
 * plan code applied from inside the pod), {@code coordinator} agrees the cell's T0, and
 * {@code collect} turns the pods' records into the cell files every backend writes.
 */
package io.gsnode.k8s;
