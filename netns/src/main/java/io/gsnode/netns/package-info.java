/**
 * The Linux network-namespace backend: a shaped fabric built from a topology, one node per
 * namespace, the userspace delay switch for kernels without netem, and the cell runner that
 * records host load.
 */
package io.gsnode.netns;
