/**
 * The harness node's commands: {@code gsnode interop-node --params FILE} (one node of a
 * gossipsub-interop run) and {@code gsnode interop-wrapper} (the executable the harness installs).
 */
package io.gsnode.harness.cli;
