/** Offline tooling: topology generation, record extraction, comparison and plots. */
package io.gsnode.tools;
